import Foundation
@testable import PeachStore
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
import PeachTestSupport
#endif

/// Issue 34 item 25: a signal during `peach export FILE` left `.peach-UUID.tmp` beside FILE.
@Suite("A signal during export", .serialized, .timeLimit(.minutes(Patience.minutes(2))))
struct SignalDuringExportTests {
    /// Enough rows that the export is still writing when the signal comes (a debug build writes
    /// them for a second or more; the signal follows the temporary file's creation within
    /// milliseconds), few enough not to load a shared machine for long.
    static let rows = 60_000

    @Test("SIGINT or SIGTERM while export writes FILE ends it by that signal, leaving neither FILE nor a temporary file",
          arguments: [SIGINT, SIGTERM])
    func signalLeavesNothing(signal: Int32) async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        try await store.pool.write { db in
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(Self.rows - 1))
                INSERT INTO pitchComparison (timestamp, referenceNote, targetNote, interval, tuningSystem, centOffset, isCorrect)
                SELECT \(RecordFixtures.march1) + i * 1000, 60, 60, 'P1', 'equalTemperament', 12.5, 1 FROM n
                """)
        }
        let target = directory.path("out").appending("/export.csv")
        try FileManager.default.createDirectory(atPath: directory.path("out"), withIntermediateDirectories: false)
        let created = try FolderCreations(directory.path("out"))

        let peach = try PeachExecutable()
        let process = Process()
        process.executableURL = peach.url
        process.arguments = ["export", target, "--data-dir", directory.url.path]
        process.environment = ["HOME": directory.url.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try await ProcessExit.runAndWait(process) { pid in
            // As soon as the temporary file is there, the signal.
            for await name in created.names where name.hasPrefix(".peach-") && name.hasSuffix(".tmp") {
                kill(pid, signal)
                break
            }
        }
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal,
                "ended by the signal, as before: \(process.terminationReason.rawValue) \(process.terminationStatus)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path("out")) == [])
        created.close()
    }
}

/// The names created in a folder, from inotify, read on a thread of their own.
final class FolderCreations: Sendable {
    let names: AsyncStream<String>
    private let descriptor: Int32
    private let folder: String
    private let closed = Mutex(false)

    init(_ folder: String) throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0, inotify_add_watch(descriptor, folder, UInt32(IN_CREATE)) >= 0 else {
            throw CocoaError(.fileReadUnknown)
        }
        let (names, sink) = AsyncStream<String>.makeStream()
        self.names = names
        self.folder = folder
        let descriptor = self.descriptor
        Thread { [self] in
            defer { Glibc.close(descriptor) }
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0, !self.closed.withLock({ $0 }) else { break }
                var offset = 0
                // struct inotify_event: wd, mask, cookie, len (4 bytes each), then len bytes of name.
                while offset + 16 <= count {
                    let length = Int(buffer[offset + 12]) | Int(buffer[offset + 13]) << 8
                        | Int(buffer[offset + 14]) << 16 | Int(buffer[offset + 15]) << 24
                    let name = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                    sink.yield(String(decoding: name, as: UTF8.self))
                    offset += 16 + length
                }
            }
            sink.finish()
        }.start()
    }

    /// Ends the reading thread: a creation wakes its read, and it stops there.
    func close() {
        closed.withLock { $0 = true }
        let wake = folder + "/.wake"
        _ = FileManager.default.createFile(atPath: wake, contents: nil)
        unlink(wake)
    }
}
