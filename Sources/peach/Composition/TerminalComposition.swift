import Foundation
import PeachTerminal
import PeachTrainer

/// The computer's keyboard as an answer device: stdin in raw mode (no Enter needed, no echo;
/// Ctrl-C still raises SIGINT) read on its own thread. `close()` restores the terminal; the
/// train command calls it on every way out, the signals included (they end the run normally).
final class TerminalKeys: Sendable {
    let keys: AsyncStream<TerminalKey>
    private let mode: RawTerminalMode
    private let reader: TerminalKeyReader

    /// nil when stdin is not a terminal.
    static func open() throws -> TerminalKeys? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        return try TerminalKeys()
    }

    private init() throws {
        mode = try RawTerminalMode(fileDescriptor: STDIN_FILENO)
        do {
            reader = try TerminalKeyReader(fileDescriptor: STDIN_FILENO)
        } catch {
            mode.restore()
            throw error
        }
        keys = reader.keys
    }

    func close() {
        reader.stop()
        mode.restore()
    }
}
