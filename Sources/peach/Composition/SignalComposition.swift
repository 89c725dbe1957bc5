import Dispatch
import Glibc

/// SIGINT (Ctrl-C), SIGTERM (systemd, kill) and SIGHUP (the terminal closed) end a command
/// cleanly instead of killing it: the default actions are switched off and the signals
/// delivered to `handler` on a dispatch queue, where async code may run.
final class TerminationSignals {
    static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    private let sources: [any DispatchSourceSignal]

    init(queue: DispatchQueue = DispatchQueue(label: "peach.signals"), handler: @escaping @Sendable (Int32) -> Void) {
        sources = Self.handled.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    /// Back to the default actions.
    func cancel() {
        for source in sources { source.cancel() }
        for number in Self.handled { signal(number, SIG_DFL) }
    }
}

/// Ctrl-Z (SIGTSTP) and `fg`/`bg` (SIGCONT) for a command whose keys are raw: the shell must
/// get its terminal back as it left it, and the command its raw keys and screen after `fg`.
/// So SIGTSTP's default action is switched off; `stopping` runs on the dispatch queue, then the
/// process stops itself (SIGSTOP); `continued` runs once it goes on.
final class JobControlSignals {
    private let sources: [any DispatchSourceSignal]

    init(queue: DispatchQueue = DispatchQueue(label: "peach.job-control"), stopping: @escaping @Sendable () -> Void,
         continued: @escaping @Sendable () -> Void) {
        let stop = DispatchSource.makeSignalSource(signal: SIGTSTP, queue: queue)
        stop.setEventHandler {
            stopping()
            _ = kill(getpid(), SIGSTOP)
        }
        let resume = DispatchSource.makeSignalSource(signal: SIGCONT, queue: queue)
        resume.setEventHandler { continued() }
        // SIGCONT continues the process whatever its disposition; ignoring it only hands it to the source.
        signal(SIGTSTP, SIG_IGN)
        signal(SIGCONT, SIG_IGN)
        sources = [stop, resume]
        for source in sources { source.resume() }
    }

    /// Back to the default actions.
    func cancel() {
        for source in sources { source.cancel() }
        signal(SIGTSTP, SIG_DFL)
        signal(SIGCONT, SIG_DFL)
    }
}
