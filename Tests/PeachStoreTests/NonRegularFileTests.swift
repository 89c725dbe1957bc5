import Foundation
import PeachTestSupport
import Testing
@testable import PeachStore

/// A named pipe where a file belongs made SQLite (and a whole-file read) wait forever. These run
/// `peach` as a child process wherever a regression would hang, so a hang fails the test at its
/// time limit (the child is killed) instead of blocking the test runner.
@Suite("Named pipes, folders and devices where a file belongs", .timeLimit(.minutes(Patience.minutes(1))))
struct NonRegularFileTests {
    private func makeFIFO(_ path: String) throws {
        try #require(mkfifo(path, 0o600) == 0, "mkfifo \(path): \(String(cString: strerror(errno)))")
    }

    @Test("a named pipe at the database path is refused by profile, export and import, naming it")
    func fifoAtDatabasePath() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        try makeFIFO(directory.databasePath)
        let file = try directory.write(ImportTests.header
            + "pitchDiscrimination,2026-03-01T00:00:00Z,60,C4,60,C4,P1,equalTemperament,5.0,true,,\n", to: "one.csv")
        let peach = try PeachExecutable()
        for arguments in [["profile"], ["export"], ["import", file], ["reset", "--yes"]] {
            let outcome = try await peach.run(arguments + ["--data-dir", directory.url.path], in: directory)
            #expect(outcome.status == 1, "\(arguments)")
            #expect(outcome.stderr.contains("\(directory.databasePath) is a named pipe (FIFO), not a database file"),
                    "\(arguments): \(outcome.stderr)")
        }
    }

    @Test("a named pipe as SQLite's WAL companion is refused too")
    func fifoAtWALPath() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        _ = try TrainingStore(location: directory.location)
        try makeFIFO(directory.databasePath + "-wal")
        let outcome = try await PeachExecutable().run(["profile", "--data-dir", directory.url.path], in: directory)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("\(directory.databasePath)-wal is a named pipe (FIFO), not a database file"), "\(outcome.stderr)")
    }

    @Test("a folder at the database path is refused for writing, reading and inspection, and left as it was")
    func folderAtDatabasePath() throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.databasePath, withIntermediateDirectories: false)
        let expected = "\(directory.databasePath) is a folder, not a database file, so peach did not open it. It was left untouched"
        for mode in [TrainingStore.AccessMode.readWrite, .readOnly] {
            let error = #expect(throws: StoreError.self) { try TrainingStore(location: directory.location, mode: mode) }
            #expect((error.map { "\($0)" } ?? "").hasPrefix(expected), "\(mode)")
        }
        let inspection = #expect(throws: StoreError.self) { try StoreInspection.inspect(directory.location) }
        #expect((inspection.map { "\($0)" } ?? "").hasPrefix(expected))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.databasePath).isEmpty)
    }

    @Test("an import source that is a folder or a device is refused, naming it; the store is not created")
    func folderOrDeviceAsImportSource() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let peach = try PeachExecutable()
        let store = directory.path("store")
        for (source, kind) in [(directory.url.path, "a folder"), ("/dev/zero", "a character device")] {
            let outcome = try await peach.run(["import", source, "--data-dir", store], in: directory)
            #expect(outcome.status == 1)
            #expect(outcome.stderr.contains("cannot import \(source): it is \(kind), not a file"), "\(outcome.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: store))
    }

    @Test("a named pipe as import source is read once to its end (as `peach import <(…)` gives)")
    func fifoAsImportSource() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let file = try directory.write(ImportTests.header
            + "pitchDiscrimination,2026-03-01T00:00:00Z,60,C4,60,C4,P1,equalTemperament,5.0,true,,\n", to: "one.csv")
        let pipe = directory.path("pipe")
        try makeFIFO(pipe)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "cat \"$0\" > \"$1\"", file, pipe]
        let importing = Task { try await PeachExecutable().run(["import", pipe, "--data-dir", directory.url.path], in: directory) }
        try await ProcessExit.runAndWait(writer)
        let outcome = try await importing.value
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("pitch comparison: 1 imported"))
    }
}
