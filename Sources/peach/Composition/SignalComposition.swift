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
