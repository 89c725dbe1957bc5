import Foundation
import Glibc
import Synchronization

/// A program Peach started and must not leave behind: spawned with default signal actions
/// (Peach ignores SIGINT/SIGTERM while it runs) in a process group of its own (so Ctrl-C reaches
/// Peach, which stops it in order), stdin on a pipe only Peach holds (when Peach dies without
/// cleaning up, the program reads end-of-file), stdout discarded and the tail of stderr kept
/// for error messages. A thread blocked in waitpid reaps it the moment it exits.
final class ChildProcess: Sendable {
    struct Status: Sendable, CustomStringConvertible {
        let raw: Int32
        var exited: Bool { raw & 0x7F == 0 }
        var code: Int32 { (raw >> 8) & 0xFF }
        var signal: Int32 { raw & 0x7F }
        var description: String { exited ? "exited with status \(code)" : "was killed by signal \(signal)" }
    }

    let pid: pid_t
    let executable: String
    private let stdinWriter: Mutex<Int32?>
    /// What the reaper and the stderr reader threads share with the waiters.
    private let shared = Shared()

    private final class Shared: Sendable {
        let stderrTail = Mutex(Data())
        let state = Mutex(State())
    }

    private struct State {
        var status: Status?
        var waiters: [Int: CheckedContinuation<Status?, Never>] = [:]
        var nextWaiter = 0
    }

    /// How much of stderr is kept: enough for FluidSynth's complaints, bounded however much it prints.
    static let stderrLimit = 8192

    init(executable: String, arguments: [String]) throws(LaunchFailure) {
        self.executable = executable
        var stdinPipe: [Int32] = [-1, -1]
        var stderrPipe: [Int32] = [-1, -1]
        guard pipe(&stdinPipe) == 0 else { throw LaunchFailure("pipe: \(String(cString: strerror(errno)))") }
        guard pipe(&stderrPipe) == 0 else {
            close(stdinPipe[0])
            close(stdinPipe[1])
            throw LaunchFailure("pipe: \(String(cString: strerror(errno)))")
        }
        // Only the child's dup2'd copies survive the exec; our ends reach no other program.
        for descriptor in stdinPipe + stderrPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        defer {
            close(stdinPipe[0])
            close(stderrPipe[1])
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], STDIN_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stderrPipe[1], STDERR_FILENO)

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
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0)=\($1)") } + [nil]
        defer { (argv + environment).forEach { free($0) } }
        var child: pid_t = 0
        let result = argv.withUnsafeBufferPointer { argvPointer in
            environment.withUnsafeBufferPointer { environmentPointer in
                posix_spawn(&child, executable, &actions, &attributes, argvPointer.baseAddress!, environmentPointer.baseAddress!)
            }
        }
        guard result == 0 else {
            close(stdinPipe[1])
            close(stderrPipe[0])
            throw LaunchFailure("cannot start \(executable): \(String(cString: strerror(result)))")
        }
        let spawned = child
        pid = spawned
        stdinWriter = Mutex(stdinPipe[1])

        let stderrReader = stderrPipe[0]
        let shared = self.shared
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(stderrReader, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                shared.stderrTail.withLock { data in
                    data.append(contentsOf: buffer[0..<count])
                    if data.count > Self.stderrLimit { data = Data(data.suffix(Self.stderrLimit)) }
                }
            }
            close(stderrReader)
        }
        Thread.detachNewThread {
            var raw: Int32 = 0
            while waitpid(spawned, &raw, 0) < 0 && errno == EINTR {}
            let waiters = shared.state.withLock { state in
                state.status = Status(raw: raw)
                defer { state.waiters.removeAll() }
                return Array(state.waiters.values)
            }
            for waiter in waiters { waiter.resume(returning: Status(raw: raw)) }
        }
    }

    deinit { closeStandardInput() }

    /// What it has printed to stderr so far (the last `stderrLimit` bytes).
    var standardError: String {
        String(decoding: shared.stderrTail.withLock { $0 }, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    var status: Status? { shared.state.withLock { $0.status } }

    /// Waits for the exit; nil when the waiting task is cancelled first.
    func exited() async -> Status? {
        let shared = self.shared
        let id: Int? = shared.state.withLock { state in
            guard state.status == nil else { return nil }
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        guard let id else { return status }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready: Status?? = shared.state.withLock { state in
                    if let status = state.status { return .some(status) }
                    if Task.isCancelled { return .some(nil) }
                    state.waiters[id] = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            shared.state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(returning: nil)
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

    /// Closes stdin and sends SIGTERM, then SIGKILL if it is still there after `grace`; returns
    /// once it has been reaped.
    @discardableResult
    func terminate(grace: Duration = .seconds(2)) async -> Status? {
        closeStandardInput()
        send(signal: SIGTERM)
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
