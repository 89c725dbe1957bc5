import Dispatch
import Glibc

/// SIGINT (Ctrl-C), SIGTERM (systemd, kill) and SIGHUP (the terminal closed) end `train`,
/// `play`, `monitor` and `calibrate` cleanly instead of killing them, from the first line of `main` on.
///
/// A real handler is installed, not SIG_IGN: an ignored signal is discarded by the kernel, so
/// with SIG_IGN plus a dispatch source a signal in the moment before the source was registered
/// was lost (a SIGINT at start-up went unheard and training went on). The handler only writes
/// the signal's number to a pipe (async-signal-safe); a read source on the pipe hands each one
/// to the command's `Interruption`, which keeps it until the command has something to stop.
/// Child processes start with default dispositions, as exec resets caught signals.
enum TerminationSignals {
    static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// The commands that stop cleanly on a signal; the others keep the default actions.
    static let catchingCommands: Set<String> = ["train", "play", "monitor", "calibrate"]

    /// Installs the handlers, delivering every signal from now on to `interruption`.
    /// Returns false (and changes nothing) if the pipe cannot be made.
    @discardableResult
    static func install(delivering interruption: Interruption) -> Bool {
        install { _ in interruption.interrupt() }
    }

    /// Installs the handlers, handing each signal's number to `received` on a queue of its own.
    @discardableResult
    static func install(_ received: @escaping @Sendable (Int32) -> Void) -> Bool {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return false }
        for end in ends {
            // Not inherited by FluidSynth; never blocking the handler or the reader.
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        terminationPipeWriteEnd = ends[1]
        let reader = DispatchSource.makeReadSource(fileDescriptor: ends[0], queue: DispatchQueue(label: "peach.signals"))
        reader.setEventHandler {
            var numbers = [UInt8](repeating: 0, count: 16)
            while true {
                let count = read(ends[0], &numbers, numbers.count)
                guard count > 0 else { break }
                for number in numbers.prefix(count) { received(Int32(number)) }
            }
        }
        reader.resume()
        retainedReader = reader
        for number in handled {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                let saved = errno
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(terminationPipeWriteEnd, &byte, 1)
                errno = saved
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
        return true
    }

    /// The subcommand's name: the first argument that is not an option (`peach train …`).
    static func subcommand(in arguments: [String]) -> String? {
        arguments.dropFirst().first { !$0.hasPrefix("-") }
    }

    /// Keeps the read source alive for the life of the process.
    nonisolated(unsafe) private static var retainedReader: (any DispatchSourceRead)?
}

/// The pipe the signal handler writes to; set once before the handlers are installed. A plain
/// integer global with a constant initial value, so the handler reads it without any lazy
/// initialisation (a C function pointer cannot carry context).
nonisolated(unsafe) private var terminationPipeWriteEnd: Int32 = -1

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
