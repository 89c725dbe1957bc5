import Foundation
import Testing

/// Runs the built `peach` executable, which sits next to the test bundle in the build folder.
struct PeachExecutable {
    struct Outcome {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    let url: URL

    /// Another program run the same way (a shell that runs peach).
    init(url: URL) { self.url = url }

    /// `peach`, or another executable of the package built beside it (the test-only
    /// `store-crash-writer`).
    init(named name: String = "peach") throws {
        let testBinary = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        url = testBinary.deletingLastPathComponent().appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw PeachExecutableMissing(path: url.path)
        }
    }

    /// Runs `peach arguments…` with stdin from `stdinFile` (nil: /dev/null) and a HOME of its
    /// own, and waits for it.
    func run(_ arguments: [String], in directory: TemporaryStoreDirectory,
             environment extra: [String: String] = [:], stdinFile: String? = nil) async throws -> Outcome {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = directory.url.path
        environment.removeValue(forKey: "PEACH_DATA_DIR")
        environment.removeValue(forKey: "XDG_DATA_HOME")
        environment.merge(extra) { $1 }
        process.environment = environment
        let id = UUID().uuidString
        let stdoutPath = directory.path("stdout-\(id)")
        let stderrPath = directory.path("stderr-\(id)")
        _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        process.standardInput = try stdinFile.map { try FileHandle(forReadingFrom: URL(fileURLWithPath: $0)) }
            ?? FileHandle.nullDevice
        try await ProcessExit.runAndWait(process)
        return Outcome(
            status: process.terminationStatus,
            stdout: (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "")
    }
}

struct PeachExecutableMissing: Error, CustomStringConvertible {
    let path: String
    var description: String { "\(path) is missing: build everything first (swift build --build-tests)" }
}

/// Waits for a process's exit through its termination handler: no polling.
///
/// It returns only once the child has exited, so its termination state may be read. When the
/// wait is cancelled (a test's time limit) or `body` throws, the child is killed and reaped
/// first and the error is thrown: reading `terminationReason` of a running process traps, which
/// would take the whole test runner down.
enum ProcessExit {
    static func runAndWait(_ process: Process, whileRunning body: @Sendable (Int32) async throws -> Void = { _ in }) async throws {
        let (exits, exited) = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in
            exited.yield()
            exited.finish()
        }
        try process.run()
        do {
            try await body(process.processIdentifier)
        } catch {
            killAndReap(process)
            throw error
        }
        for await _ in exits { break }
        guard !process.isRunning else {
            // The iteration ended without an exit: the waiting task was cancelled.
            killAndReap(process)
            throw CancellationError()
        }
    }

    static func killAndReap(_ process: Process) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
