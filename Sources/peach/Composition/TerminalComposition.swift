import Foundation
import PeachTerminal
import PeachTrainer
import Synchronization

/// The computer's keyboard as an answer device: stdin in raw mode (no Enter needed, no echo;
/// Ctrl-C still raises SIGINT) read on its own thread, from the command's first moment, so a key
/// typed while Peach starts is not echoed. Keys go to one receiver at a time (`deliver(to:)`):
/// during the start-up only q (quit) counts; once training runs, the trainer's route.
/// `close()` restores the terminal; the train command calls it on every way out, the signals
/// included (they end the run normally).
final class TerminalKeys: Sendable {
    private let mode: RawTerminalMode
    private let reader: TerminalKeyReader
    private let receiver: KeyReceiver
    private let pump: Task<Void, Never>

    /// nil when stdin is not a terminal.
    static func open() throws -> TerminalKeys? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        return try TerminalKeys()
    }

    /// `open()`, with q (or Q) interrupting as Ctrl-C does until a later `deliver` takes the keys:
    /// what a command reads from its first moment, before anything else listens.
    static func openQuitting(_ interruption: Interruption) throws -> TerminalKeys? {
        let terminal = try open()
        terminal?.deliver { key in
            if key == .character("q") || key == .character("Q") { interruption.interrupt() }
        }
        return terminal
    }

    private init() throws {
        mode = try RawTerminalMode(fileDescriptor: STDIN_FILENO)
        do {
            reader = try TerminalKeyReader(fileDescriptor: STDIN_FILENO)
        } catch {
            mode.restore()
            throw error
        }
        let receiver = KeyReceiver()
        self.receiver = receiver
        let keys = reader.keys
        pump = Task { for await key in keys { receiver.receive(key) } }
    }

    /// From now on keys go to `handler` (instead of the one set before).
    func deliver(to handler: @escaping @Sendable (TerminalKey) -> Void) {
        receiver.set(handler)
    }

    /// Before the process stops (Ctrl-Z): the terminal as the shell expects it.
    func suspend() {
        mode.suspend()
    }

    /// After the process continued: raw keys again, if it runs in the foreground (after `bg`
    /// the terminal is the shell's; the next `fg` continues the process again).
    func resume() {
        guard tcgetpgrp(STDIN_FILENO) == getpgrp() else { return }
        try? mode.resume()
    }

    func close() {
        receiver.set(nil)
        reader.stop()
        pump.cancel()
        mode.restore()
    }
}

private final class KeyReceiver: Sendable {
    private let handler = Mutex<(@Sendable (TerminalKey) -> Void)?>(nil)

    func set(_ newHandler: (@Sendable (TerminalKey) -> Void)?) {
        handler.withLock { $0 = newHandler }
    }

    func receive(_ key: TerminalKey) {
        handler.withLock { $0 }?(key)
    }
}

/// What Ctrl-Z and `fg` do at this moment: the terminal's raw mode always; once training runs,
/// also the trainer (it pauses first, so nothing sounds while the process is stopped) and the
/// status line (a fresh line for the shell, the line again after `fg`).
final class JobControl: Sendable {
    struct Screen: Sendable {
        /// Pause and leave the line; calls its argument when done.
        let beforeStop: @Sendable (@escaping @Sendable () -> Void) -> Void
        let afterContinue: @Sendable () -> Void
    }

    let terminal: TerminalKeys
    private let screen = Mutex<Screen?>(nil)
    /// Long enough for a pause to silence the notes; short enough that Ctrl-Z never seems ignored.
    static let stopWait: DispatchTimeInterval = .seconds(1)

    init(terminal: TerminalKeys) {
        self.terminal = terminal
    }

    /// nil: only the terminal (before and after training).
    func use(_ newScreen: Screen?) {
        screen.withLock { $0 = newScreen }
    }

    /// On the signal queue, before SIGSTOP: waits (a bounded time) for the pause to show.
    func stopping() {
        if let screen = screen.withLock({ $0 }) {
            let done = DispatchSemaphore(value: 0)
            screen.beforeStop { done.signal() }
            _ = done.wait(timeout: .now() + Self.stopWait)
        }
        terminal.suspend()
    }

    func continued() {
        terminal.resume()
        screen.withLock { $0 }?.afterContinue()
    }
}
