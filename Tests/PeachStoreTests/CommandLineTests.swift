import Foundation
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore

@Suite("peach reset, data folders and damaged files on the command line", .timeLimit(.minutes(Patience.minutes(1))))
struct CommandLineTests {
    private func storeWithTwoRecords(_ directory: TemporaryStoreDirectory) async throws -> TrainingStore {
        let store = try TrainingStore(location: directory.location)
        try await store.save(RecordFixtures.comparison(at: RecordFixtures.march1, offset: 5, correct: true))
        try await store.save(RecordFixtures.matching(at: RecordFixtures.march1, initial: 5, error: 1))
        return store
    }

    @Test("peach reset without a terminal and without --yes refuses and deletes nothing; --yes deletes")
    func resetNeedsConfirmation() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try await storeWithTwoRecords(directory)
        let peach = try PeachExecutable()
        let refused = try await peach.run(["reset", "--data-dir", directory.url.path], in: directory)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("needs a confirmation: run it in a terminal, or pass --yes"))
        #expect(try store.counts() == (1, 1))

        let confirmed = try await peach.run(["reset", "--yes", "--data-dir", directory.url.path], in: directory)
        #expect(confirmed.status == 0)
        #expect(confirmed.stdout.contains("Deleted 1 pitch comparison, 1 pitch matching, 0 rhythm offset detection and 0 rhythm matching records"))
        #expect(try store.counts() == (0, 0))
        let profile = try await peach.run(["profile", "--data-dir", directory.url.path], in: directory)
        #expect(profile.stdout.contains("cold start"))
    }

    /// Runs `peach reset` on a pseudo-terminal (util-linux `script`) and types `answer`.
    private func resetOnTerminal(_ peach: PeachExecutable, _ directory: TemporaryStoreDirectory,
                                 answer: String) async throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "'\(peach.url.path)' reset --data-dir '\(directory.url.path)'", "/dev/null"]
        let input = Pipe()
        let outputPath = directory.path("terminal-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        process.standardError = process.standardOutput
        try await ProcessExit.runAndWait(process) { _ in
            input.fileHandleForWriting.write(Data((answer + "\n").utf8))
            try input.fileHandleForWriting.close()
        }
        return (process.terminationStatus, try String(contentsOfFile: outputPath, encoding: .utf8))
    }

    @Test("peach reset on a terminal asks first; only yes deletes",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func resetAsksOnTerminal() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try await storeWithTwoRecords(directory)
        let peach = try PeachExecutable()
        let declined = try await resetOnTerminal(peach, directory, answer: "no")
        #expect(declined.status != 0)
        #expect(declined.output.contains("Delete all 1 pitch comparison, 1 pitch matching, 0 rhythm offset detection and 0 rhythm matching records in \(directory.databasePath)?"))
        #expect(declined.output.contains("Nothing was deleted."))
        #expect(try store.counts() == (1, 1))
        let confirmed = try await resetOnTerminal(peach, directory, answer: "yes")
        #expect(confirmed.status == 0, "\(confirmed.output)")
        #expect(try store.counts() == (0, 0))
    }

    @Test("the data folder comes from PEACH_DATA_DIR, else XDG_DATA_HOME/peach; --data-dir wins")
    func dataFolderFromEnvironment() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let peach = try PeachExecutable()
        let file = try directory.write(ImportTests.header
            + "pitchDiscrimination,2026-03-01T00:00:00Z,60,C4,60,C4,P1,equalTemperament,5.0,true,,\n", to: "one.csv")
        let runs = [
            try await peach.run(["import", file], in: directory, environment: ["PEACH_DATA_DIR": directory.path("env")]),
            try await peach.run(["import", file], in: directory, environment: ["XDG_DATA_HOME": directory.path("xdg")]),
            try await peach.run(["import", file, "--data-dir", directory.path("option")], in: directory,
                                environment: ["PEACH_DATA_DIR": directory.path("env")]),
            try await peach.run(["import", file], in: directory),   // HOME is the test folder
        ]
        // Each went to a new, empty store: nothing was skipped as already stored.
        for outcome in runs { #expect(outcome.stdout.contains("pitch comparison: 1 imported, 0 skipped"), "\(outcome.stderr)") }
        for folder in ["env", "xdg/peach", "option", ".local/share/peach"] {
            let store = try TrainingStore(location: StoreLocation(directory: directory.url.appendingPathComponent(folder)), mode: .readOnly)
            #expect(try store.counts() == (1, 0), "\(folder)")
        }
        let mode = try FileManager.default.attributesOfItem(atPath: directory.path(".local/share/peach/peach.sqlite"))[.posixPermissions]
        #expect((mode as? NSNumber)?.intValue == 0o600)
    }

    @Test("a damaged database gives every command a clear error naming the file, and stays as it was")
    func damagedDatabase() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let garbage = Data("this is not SQLite, it is a shopping list: peaches, more peaches\n".utf8)
        try garbage.write(to: directory.location.databaseURL)
        let peach = try PeachExecutable()
        let file = try directory.write(ImportTests.header
            + "pitchDiscrimination,2026-03-01T00:00:00Z,60,C4,60,C4,P1,equalTemperament,5.0,true,,\n", to: "one.csv")
        for arguments in [["profile"], ["export"], ["import", file], ["reset", "--yes"]] {
            let outcome = try await peach.run(arguments + ["--data-dir", directory.url.path], in: directory)
            #expect(outcome.status != 0, "\(arguments)")
            #expect(outcome.stderr.contains("\(directory.databasePath) is not a usable training database"), "\(arguments): \(outcome.stderr)")
        }
        #expect(try Data(contentsOf: directory.location.databaseURL) == garbage)
    }
}

@Suite("The process helper", .timeLimit(.minutes(Patience.minutes(1))))
struct ProcessExitTests {
    @Test("a cancelled wait kills and reaps its child and throws, instead of returning with the child running")
    func cancelledWaitKillsTheChild() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sleep")
        process.arguments = ["60"]
        let waiting = Task { try await ProcessExit.runAndWait(process) }
        while !process.isRunning { await Task.yield() }
        let pid = process.processIdentifier
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(!process.isRunning)
        #expect(kill(pid, 0) == -1 && errno == ESRCH, "the child is gone")
        #expect(process.terminationReason == .uncaughtSignal, "its termination state is readable")
    }
}

@Suite("A reader that goes away", .timeLimit(.minutes(Patience.minutes(1))))
struct ClosedOutputTests {
    /// `(sleep 1; peach settings) | true`: the reader is gone before peach writes a byte.
    @Test("with its output's reader gone, peach ends as usual instead of dying of SIGPIPE")
    func aClosedOutputIsAnOrdinaryEnd() async throws {
        let directory = try TemporaryStoreDirectory()
        let peach = try PeachExecutable()
        for arguments in [["settings"], ["profile", "--data-dir", directory.url.path], ["--help"]] {
            let process = Process()
            process.executableURL = peach.url
            process.arguments = arguments
            process.environment = ["HOME": directory.url.path, "PATH": "/usr/bin:/bin"]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try pipe.fileHandleForReading.close()
            try await ProcessExit.runAndWait(process)
            #expect(process.terminationReason == .exit, "\(arguments): killed by signal \(process.terminationStatus)")
            #expect(process.terminationStatus == 0, "\(arguments)")
        }
    }
}
