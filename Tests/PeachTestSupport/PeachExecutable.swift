import Foundation
import Synchronization

/// The built `peach` executable, run as a user runs it: the command-line tests start it as a
/// child process and read what it prints.
public enum PeachExecutable {
    /// `swift build` puts every product of the package in one folder: the test runner's.
    public static var url: URL {
        let runner = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return runner.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("peach")
    }

    /// What a finished run printed and how it ended.
    public struct Outcome: Sendable, CustomStringConvertible {
        public let status: Int32
        /// Whether it ended by a signal rather than exit().
        public let wasSignalled: Bool
        public let stdout: String
        public let stderr: String

        public var description: String {
            "exit \(wasSignalled ? "by signal " : "")\(status)\nstdout:\n\(stdout)\nstderr:\n\(stderr)"
        }
    }

    /// Runs `peach arguments…` to its end. `environment` is added to (and overrides) this
    /// process's; `stdin` is sent and closed (nil: /dev/null); `directory`: its working
    /// directory (nil: this process's).
    public static func run(
        _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
        directory: URL? = nil, timeout: Duration = .seconds(60)
    ) async throws -> Outcome {
        let process = try RunningPeach(arguments, environment: environment, stdin: stdin, directory: directory)
        return try await process.finished(within: timeout)
    }
}

/// A `peach` process still running: its stdout as lines while they come, signals, the outcome.
public final class RunningPeach: Sendable {
    public let process: Process
    /// Every stdout line, as printed; ends when the process closes stdout.
    public let lines: AsyncStream<String>
    private let output = CapturedOutput()
    /// Stdin, while a test types into it (`openStdin`).
    private let stdinWriter: FileHandle?
    private let stdoutDone = DispatchSemaphore(value: 0)
    private let stderrDone = DispatchSemaphore(value: 0)
    private let exit = ExitSignal()

    /// - Parameters:
    ///   - openStdin: keep stdin open, for `type(_:)`, instead of sending `stdin` (or
    ///     /dev/null) at once.
    ///   - directory: the working directory.
    public init(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
                openStdin: Bool = false, directory: URL? = nil) throws {
        try LoopbackCheck.require()
        let process = Process()
        process.executableURL = PeachExecutable.url
        if let directory { process.currentDirectoryURL = directory }
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = stdin != nil || openStdin ? Pipe() : nil
        stdinWriter = openStdin ? input?.fileHandleForWriting : nil
        process.standardInput = input ?? FileHandle.nullDevice
        self.process = process
        let (lines, continuation) = AsyncStream<String>.makeStream()
        self.lines = lines

        let output = self.output
        let stdoutDone = self.stdoutDone, stderrDone = self.stderrDone
        // Each pipe is read by a thread of its own with blocking reads, to its end of file: an
        // empty read is the end for certain (Foundation's readability handlers on Linux do not
        // always report it, and the exit wait then ran into its outer limit with output cut).
        let stdoutReader = out.fileHandleForReading, stderrReader = err.fileHandleForReading
        Thread {
            while true {
                let chunk = stdoutReader.availableData
                guard !chunk.isEmpty else { break }
                let complete = output.state.withLock { state -> [String] in
                    state.stdout.append(chunk)
                    state.pending.append(chunk)
                    var found: [String] = []
                    while let newline = state.pending.firstIndex(of: UInt8(ascii: "\n")) {
                        found.append(String(decoding: state.pending[state.pending.startIndex..<newline], as: UTF8.self))
                        state.pending = Data(state.pending[state.pending.index(after: newline)...])
                    }
                    return found
                }
                complete.forEach { continuation.yield($0) }
            }
            let rest = output.state.withLock { state -> Data in
                defer { state.pending = Data() }
                return state.pending
            }
            if !rest.isEmpty { continuation.yield(String(decoding: rest, as: UTF8.self)) }
            continuation.finish()
            stdoutDone.signal()
        }.start()
        Thread {
            while true {
                let chunk = stderrReader.availableData
                guard !chunk.isEmpty else { break }
                output.state.withLock { $0.stderr.append(chunk) }
            }
            stderrDone.signal()
        }.start()
        let exit = self.exit
        process.terminationHandler = { _ in exit.fire() }
        try process.run()
        if let input, let stdin {
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try input.fileHandleForWriting.close()
        }
    }

    /// Writes `line` and a newline to stdin, as a user typing it (needs `openStdin`).
    public func type(_ line: String) {
        stdinWriter?.write(Data((line + "\n").utf8))
    }

    /// Closes stdin: the process reads end of file.
    public func closeStdin() {
        try? stdinWriter?.close()
    }

    /// Everything printed to stderr so far.
    public var standardError: String { output.state.withLock { String(decoding: $0.stderr, as: UTF8.self) } }
    public var standardOutput: String { output.state.withLock { String(decoding: $0.stdout, as: UTF8.self) } }

    public func send(signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the exit (killing the process after `timeout`, stretched by `Patience`) and
    /// both pipes' ends. The exit is an event (the process's termination handler), not polled.
    public func finished(within timeout: Duration = .seconds(60)) async throws -> PeachExecutable.Outcome {
        let limit = Patience.outer(timeout)
        let exit = self.exit
        let exited = await withTaskGroup(of: Bool.self) { group in
            group.addTask { await exit.wait(); return true }
            group.addTask { try? await Task.sleep(for: limit); return false }
            let first = await group.next() ?? false
            if !first { kill(process.processIdentifier, SIGKILL) }  // the exit waiter then returns too
            group.cancelAll()
            return first
        }
        if !exited {
            process.waitUntilExit()
            try Task.checkCancellation()  // a test's time limit: the child does not outlive the test
            throw Timeout(description: "peach \(process.arguments?.joined(separator: " ") ?? "") did not end within \(limit)\n"
                              + "stdout:\n\(standardOutput)\nstderr:\n\(standardError)")
        }
        process.waitUntilExit()
        // The pipes' ends arrive on their handlers' threads; wait for them off the cooperative pool.
        // An end is an event and comes soon after the exit; on a busy machine the handlers run
        // late, so the wait has an outer limit (stretched by Patience) that only a child still
        // holding a pipe open reaches.
        let pipeLimit = Patience.outer(.seconds(10))
        let pipeSeconds = Double(pipeLimit.components.seconds) + Double(pipeLimit.components.attoseconds) / 1e18
        await withCheckedContinuation { [stdoutDone, stderrDone] continuation in
            DispatchQueue.global().async {
                _ = stdoutDone.wait(timeout: .now() + pipeSeconds)
                _ = stderrDone.wait(timeout: .now() + pipeSeconds)
                continuation.resume()
            }
        }
        return PeachExecutable.Outcome(status: process.terminationStatus,
                                       wasSignalled: process.terminationReason == .uncaughtSignal,
                                       stdout: standardOutput, stderr: standardError)
    }

    /// The first stdout line that satisfies `predicate`, or nil when stdout ends first.
    public func firstLine(where predicate: (String) -> Bool) async -> String? {
        for await line in lines where predicate(line) { return line }
        return nil
    }

    /// Resumes every waiter once the process has exited.
    private final class ExitSignal: Sendable {
        private let state = Mutex<(exited: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

        func fire() {
            let waiters = state.withLock { state in
                state.exited = true
                defer { state.waiters = [] }
                return state.waiters
            }
            waiters.forEach { $0.resume() }
        }

        func wait() async {
            await withCheckedContinuation { continuation in
                let exited = state.withLock { state in
                    if !state.exited { state.waiters.append(continuation) }
                    return state.exited
                }
                if exited { continuation.resume() }
            }
        }
    }

    private final class CapturedOutput: Sendable {
        let state: Mutex<(stdout: Data, stderr: Data, pending: Data)> = Mutex((Data(), Data(), Data()))
    }

    public struct Timeout: Error, CustomStringConvertible {
        public let description: String
    }
}
