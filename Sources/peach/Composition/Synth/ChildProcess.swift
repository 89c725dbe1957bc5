import Foundation
import Glibc
import Synchronization

/// A program Peach started and must not leave behind: spawned with default signal actions
/// (Peach ignores SIGINT/SIGTERM while it runs) in a process group of its own (so Ctrl-C reaches
/// Peach, which stops it in order), stdin on a pipe only Peach holds (when Peach dies without
/// cleaning up, the program reads end-of-file), stdout watched for the sign that it is ready,
/// and the tail of stderr kept for error messages. A thread blocked in waitpid reaps it the
/// moment it exits.
final class ChildProcess: Sendable {
    struct Status: Sendable, CustomStringConvertible {
        let raw: Int32
        var exited: Bool { raw & 0x7F == 0 }
        var code: Int32 { (raw >> 8) & 0xFF }
        var signal: Int32 { raw & 0x7F }
        var description: String { exited ? "exited with status \(code)" : "was killed by signal \(signal)" }
    }

    /// What a start-up wait ends with.
    enum Milestone: Sendable {
        /// `readyMarker` appeared on stdout.
        case ready
        case exited(Status)
    }

    let pid: pid_t
    let executable: String
    private let stdinWriter: Mutex<Int32?>
    /// What the reaper and reader threads share with the waiters.
    private let shared = Shared()

    private final class Shared: Sendable {
        let stderrTail = Mutex(Data())
        let state = Mutex(State())

        /// Resumes the waiters `milestone` concerns: an exit ends every wait.
        func reach(_ milestone: Milestone) {
            let waiters = state.withLock { state in
                switch milestone {
                case .ready: state.ready = true
                case .exited(let status): state.status = status
                }
                let due = state.waiters.filter { _, waiter in
                    if case .exited = milestone { return true }
                    return !waiter.untilExit
                }
                for id in due.keys { state.waiters.removeValue(forKey: id) }
                return Array(due.values)
            }
            for waiter in waiters { waiter.continuation.resume(returning: milestone) }
        }
    }

    private struct State {
        var ready = false
        var status: Status?
        var waiters: [Int: Waiter] = [:]
        var nextWaiter = 0
    }

    private struct Waiter {
        let untilExit: Bool
        let continuation: CheckedContinuation<Milestone?, Never>
    }

    /// How much of stderr is kept: enough for the program's complaints, bounded however much it prints.
    static let stderrLimit = 8192

    /// Starts `executable`. `readyMarker`: what it prints on stdout once it is ready (see
    /// `readiness()`; nil: it prints none). `environment` is added to Peach's own.
    init(executable: String, arguments: [String], environment extra: [String: String] = [:],
         readyMarker: String?) throws(LaunchFailure) {
        self.executable = executable
        let (stdinPipe, stdoutPipe, stderrPipe) = try Self.makePipes()
        defer {
            close(stdinPipe.read)
            close(stdoutPipe.write)
            close(stderrPipe.write)
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinPipe.read, STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, stdoutPipe.write, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, stderrPipe.write, STDERR_FILENO)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        var noSignal = sigset_t()
        sigemptyset(&noSignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setsigmask(&attributes, &noSignal)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }.map { strdup("\($0)=\($1)") } + [nil]
        defer { (argv + environment).forEach { free($0) } }
        var child: pid_t = 0
        let result = argv.withUnsafeBufferPointer { argvPointer in
            environment.withUnsafeBufferPointer { environmentPointer in
                posix_spawn(&child, executable, &actions, &attributes, argvPointer.baseAddress!, environmentPointer.baseAddress!)
            }
        }
        guard result == 0 else {
            close(stdinPipe.write)
            close(stdoutPipe.read)
            close(stderrPipe.read)
            throw LaunchFailure("cannot start \(executable): \(String(cString: strerror(result)))")
        }
        let spawned = child
        pid = spawned
        stdinWriter = Mutex(stdinPipe.write)

        let shared = self.shared
        let marker = readyMarker.map { Data($0.utf8) }
        Self.consumeOutput(stdoutPipe.read) { chunk, seen in
            guard let marker else { return false }
            seen.append(chunk)
            if seen.range(of: marker) != nil {
                shared.reach(.ready)
                return false
            }
            seen = Data(seen.suffix(marker.count - 1))  // only what may be the marker's start
            return true
        }
        Self.consumeOutput(stderrPipe.read) { chunk, _ in
            shared.stderrTail.withLock { data in
                data.append(contentsOf: chunk)
                if data.count > Self.stderrLimit { data = Data(data.suffix(Self.stderrLimit)) }
            }
            return true
        }
        Thread.detachNewThread {
            var raw: Int32 = 0
            while waitpid(spawned, &raw, 0) < 0 && errno == EINTR {}
            shared.reach(.exited(Status(raw: raw)))
        }
    }

    private typealias Pipe = (read: Int32, write: Int32)

    /// Three pipes, every end close-on-exec: only the child's dup2'd copies survive its exec,
    /// so our ends reach no other program Peach may start.
    private static func makePipes() throws(LaunchFailure) -> (Pipe, Pipe, Pipe) {
        var made: [Pipe] = []
        for _ in 0..<3 {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else {
                let reason = String(cString: strerror(errno))
                for open in made { close(open.read); close(open.write) }
                throw LaunchFailure("pipe: \(reason)")
            }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            made.append((ends[0], ends[1]))
        }
        return (made[0], made[1], made[2])
    }

    /// Reads `descriptor` to its end on a thread of its own, handing each chunk to `consume`
    /// until it returns false; then drains the rest unseen, so the writer never blocks.
    private static func consumeOutput(_ descriptor: Int32, _ consume: @escaping @Sendable (Data, inout Data) -> Bool) {
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            var carried = Data()
            var consuming = true
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                if consuming { consuming = consume(Data(buffer[0..<count]), &carried) }
            }
            close(descriptor)
        }
    }

    deinit { closeStandardInput() }

    /// What it has printed to stderr so far (the last `stderrLimit` bytes).
    var standardError: String {
        String(decoding: shared.stderrTail.withLock { $0 }, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    var status: Status? { shared.state.withLock { $0.status } }

    /// `.ready` once the marker has appeared, or `.exited` if it ends first; nil when the waiting task is cancelled.
    func readiness() async -> Milestone? {
        await wait(untilExit: false)
    }

    /// Waits for the exit; nil when the waiting task is cancelled first.
    func exited() async -> Status? {
        if case .exited(let status)? = await wait(untilExit: true) { return status }
        return nil
    }

    private func wait(untilExit: Bool) async -> Milestone? {
        let shared = self.shared
        let id = shared.state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now: Milestone?? = shared.state.withLock { state in
                    if let status = state.status { return .some(.exited(status)) }
                    if state.ready && !untilExit { return .some(.ready) }
                    if Task.isCancelled { return .some(nil) }
                    state.waiters[id] = Waiter(untilExit: untilExit, continuation: continuation)
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            shared.state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume(returning: nil)
        }
    }

    /// Sends `signal` unless it has already been reaped (then its pid may belong to another).
    func send(signal: Int32) {
        shared.state.withLock { state in
            if state.status == nil { _ = kill(pid, signal) }
        }
    }

    /// End-of-file on its stdin.
    func closeStandardInput() {
        stdinWriter.withLock { descriptor in
            if let open = descriptor { close(open) }
            descriptor = nil
        }
    }

    /// Closes stdin and sends `signal` (SIGTERM, or what the program stops cleanly on), then
    /// SIGKILL if it is still there after `grace`; returns once it has been reaped.
    @discardableResult
    func terminate(signal: Int32 = SIGTERM, grace: Duration = .seconds(2)) async -> Status? {
        closeStandardInput()
        send(signal: signal)
        let killer = Task { [self] in
            try await Task.sleep(for: grace)
            send(signal: SIGKILL)
        }
        defer { killer.cancel() }
        // Not cancellable from here on: a stop asked for must finish, or the child is left behind.
        return await Task.detached { await self.exited() }.value
    }
}

/// A program could not be started; printed as "Error: …".
struct LaunchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
