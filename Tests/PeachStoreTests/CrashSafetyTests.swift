import Foundation
import GRDB
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore

@Suite("Crash safety: a writer killed with SIGKILL loses no reported trial and leaves no partial one", .timeLimit(.minutes(Patience.minutes(1))))
struct CrashSafetyTests {
    static let kills = 25

    @Test
    func killedWriterLosesNothing() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        // The test-only executable (Tests/StoreCrashWriter), built beside `peach` but not part of it.
        let writer = try PeachExecutable(named: "store-crash-writer")
        var reportedByRun: [[Int64]] = []
        var generator = SystemRandomNumberGenerator()

        for run in 0..<Self.kills {
            let first = RecordFixtures.march1 + Int64(run) * 1_000_000
            let process = Process()
            process.executableURL = writer.url
            process.arguments = ["--data-dir", directory.url.path, "--first-timestamp", String(first)]
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            process.standardInput = FileHandle.nullDevice
            // A random moment: start-up takes part of it, so kills land before, between and inside commits.
            let delay = Int.random(in: 40...300, using: &generator)
            try await ProcessExit.runAndWait(process) { pid in
                try await Task.sleep(for: .milliseconds(delay))
                kill(pid, SIGKILL)
            }
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL,
                    "run \(run): the writer ended on its own: \(stderr)")
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            // Only complete lines count: a line cut off by the kill was not fully reported.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            reportedByRun.append(lines.map { Int64($0.split(separator: " ")[1])! })
        }

        let queue = try DatabaseQueue(path: directory.databasePath)
        #expect(try await queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") } == ["ok"])
        try queue.close()

        // Reading through the store validates every column of every row: a partial record fails here.
        let store = try TrainingStore(location: directory.location)
        let stored = try store.comparisons().map { RecordTimestamp.milliseconds(of: $0.record.timestamp) }
            + store.matchings().map { RecordTimestamp.milliseconds(of: $0.record.timestamp) }
        let storedSet = Set(stored)
        #expect(storedSet.count == stored.count, "no trial is stored twice")
        var total = 0
        for (run, reported) in reportedByRun.enumerated() {
            let first = RecordFixtures.march1 + Int64(run) * 1_000_000
            let inRun = stored.filter { $0 >= first && $0 < first + 1_000_000 }.sorted()
            // Trials commit in order, one transaction each: the run's rows are the first k trials,
            // k being what was reported or one more (committed, killed before it could say so).
            #expect(Array(reported) == (0..<Int64(reported.count)).map { first + $0 }, "run \(run) reported in order")
            #expect(inRun == (0..<Int64(inRun.count)).map { first + $0 }, "run \(run): no gaps")
            #expect(inRun.count == reported.count || inRun.count == reported.count + 1,
                    "run \(run): \(reported.count) reported, \(inRun.count) stored")
            total += reported.count
        }
        #expect(total > Self.kills, "the writer must have had time to write")
        #expect(stored.count <= total + Self.kills)
        // The rig context arrived with every row, complete.
        #expect(try store.comparisons().allSatisfy { $0.rig.outputPort == "crash test port" && $0.rig.inputControl == .controlChange(64) })
    }
}
