import ALSASequencer
import Foundation
import Synchronization

/// A `peach` child (or, for a baseline, another program) with folders of its own (config, data,
/// HOME), so a benchmark never reads or writes the user's settings and records. Its stdout and
/// stderr go to files in that folder, shown when something fails.
final class PeachProcess: Sendable {
    let process: Process
    let folder: URL
    private let arguments: [String]
    private var name: String { process.executableURL?.lastPathComponent ?? "the child" }
    /// Yields the exit status once, from Foundation's termination handler.
    private let exits: AsyncStream<Int32>
    private let ended = EndedStatus()

    private final class EndedStatus: Sendable {
        let status = Mutex<Int32?>(nil)
    }

    /// When it was started, on the clock `launchClock` reads (nil without one).
    let launchedAt: UInt64?

    /// Starts `peach ARGUMENTS…` (or `executable`); `settings` become environment variables
    /// (PEACH_NOTE_DURATION…). `launchClock` is read right before the start, for start-up times.
    /// `standardOutput`: a pipe the caller reads (nil: a log file in the folder).
    /// `standardInput`: a pipe the caller writes (nil: /dev/null).
    init(_ context: BenchContext, _ arguments: [String], executable: URL? = nil, settings: [String: String] = [:],
         folder name: String, standardOutput: Pipe? = nil, standardInput: Pipe? = nil, launchClock: (() throws -> UInt64)? = nil) throws {
        folder = context.scratch.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.arguments = arguments
        let process = Process()
        process.executableURL = executable ?? context.peach
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PEACH_") }
        environment["HOME"] = folder.path
        environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
        environment["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        environment["NO_COLOR"] = "1"
        if let priority = EchoClient.priorityOverride { environment["PEACH_MIDI_REALTIME_PRIORITY"] = priority.text }
        environment.merge(settings) { $1 }
        process.environment = environment
        process.standardInput = standardInput ?? FileHandle.nullDevice
        process.standardOutput = try standardOutput ?? Self.logFile(folder.appendingPathComponent("stdout.txt"))
        process.standardError = try Self.logFile(folder.appendingPathComponent("stderr.txt"))
        let (exits, ended) = AsyncStream<Int32>.makeStream(bufferingPolicy: .bufferingNewest(1))
        self.exits = exits
        let endedStatus = self.ended
        process.terminationHandler = { process in
            endedStatus.status.withLock { $0 = process.terminationStatus }
            ended.yield(process.terminationStatus)
            ended.finish()
        }
        self.process = process
        launchedAt = try launchClock?()
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }

    /// The exit status once it has ended (by itself or after `signal`), or a failure after `timeout`.
    func exitStatus(within timeout: Duration = .seconds(30)) async throws -> Int32 {
        if let status = ended.status.withLock({ $0 }) { return status }
        let exits = self.exits
        let status = await withTaskGroup(of: Int32?.self) { group in
            group.addTask { await exits.first { _ in true } }
            group.addTask { try? await Task.sleep(for: timeout); return nil }
            defer { group.cancelAll() }
            return await group.next() ?? nil
        }
        guard let status = status ?? ended.status.withLock({ $0 }) else {
            kill(pid, SIGKILL)
            throw BenchFailure("\(name) \(arguments.joined(separator: " ")) did not end within \(timeout)\n\(output)")
        }
        return status
    }

    func signal(_ number: Int32 = SIGTERM) {
        if process.isRunning { kill(pid, number) }
    }

    /// Runs to its end and fails unless it exits 0.
    func succeeded(within timeout: Duration = .seconds(30)) async throws {
        let status = try await exitStatus(within: timeout)
        guard status == 0, process.terminationReason == .exit else {
            throw BenchFailure("\(name) \(arguments.joined(separator: " ")) ended with \(status)\n\(output)")
        }
    }

    /// Runs `body`; a failure in it (typically a wait for an event that never came) is reported
    /// with what this process printed, which usually says why.
    func explaining<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            signal()
            throw BenchFailure("\(error)\n\(name) \(arguments.joined(separator: " ")) "
                               + "(\(process.isRunning ? "running" : "exited with \(process.terminationStatus)")):\n\(output)")
        }
    }

    /// What it printed so far, for error messages.
    var output: String {
        let read = { (name: String) in (try? String(contentsOf: self.folder.appendingPathComponent(name), encoding: .utf8)) ?? "" }
        return "stdout:\n\(read("stdout.txt"))\nstderr:\n\(read("stderr.txt"))"
    }

    /// CPU time of every thread so far, in nanoseconds, from each thread's /proc schedstat (ns
    /// resolution, unlike the clock ticks of /proc/PID/stat). A thread that has ended (an idle
    /// Dispatch worker does) keeps counting with its last reading, so the sum never goes back.
    func cpuNanoseconds() throws -> UInt64 {
        let tasks = "/proc/\(pid)/task"
        let threads = try FileManager.default.contentsOfDirectory(atPath: tasks)
        return threadTimes.withLock { times in
            for thread in threads {
                // A thread may end between the listing and the read; its last reading stays.
                guard let running = Self.running("\(tasks)/\(thread)") else { continue }
                times[thread] = running
            }
            return times.values.reduce(0, +)
        }
    }

    private let threadTimes = Mutex<[String: UInt64]>([:])

    /// CPU time of its sequencer reader thread so far, in nanoseconds (/proc schedstat, guest
    /// time under emulation): the thread that reads an event and sends the reaction. Nil without
    /// one (a `peach` older than the thread's name).
    func readerNanoseconds() -> UInt64? {
        let tasks = "/proc/\(pid)/task"
        for thread in (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? [] {
            guard let name = try? String(contentsOfFile: "\(tasks)/\(thread)/comm", encoding: .utf8),
                  name.trimmingCharacters(in: .newlines) == SequencerClient.readerThreadName else { continue }
            return Self.running("\(tasks)/\(thread)")
        }
        return nil
    }

    /// A thread's time on the CPU so far, in ns: the first field of its schedstat; nil once the
    /// thread has gone.
    private static func running(_ task: String) -> UInt64? {
        guard let text = try? String(contentsOfFile: "\(task)/schedstat", encoding: .utf8),
              let first = text.split(separator: " ").first else { return nil }
        return UInt64(first)
    }

    private static func logFile(_ url: URL) throws -> FileHandle {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        return try FileHandle(forWritingTo: url)
    }
}
