import Foundation
import PeachCore
import PeachTerminal
import PeachTrainer

/// How training shows itself: JSON lines for scripts, a live status line on a terminal, plain
/// log lines otherwise (a pipe, a file, the journal of a systemd unit).
enum PresenterComposition {
    /// - Parameters:
    ///   - terminalKeys: whether the computer's keys are read (not on a headless rig).
    ///   - closed: the reader of standard output went away.
    static func make(json: Bool, mode: TrainingMode, nearCents: Cents, terminalKeys: Bool,
                     closed: @escaping @Sendable () -> Void) -> any TrainingPresenter {
        let output = FileDescriptorOutput(fileDescriptor: STDOUT_FILENO, closed: closed)
        if json {
            return JSONLinePresenter { line in output.write(line + "\n") }
        }
        guard isatty(STDOUT_FILENO) == 1 else {
            return LogLinePresenter(mode: mode, output: output, nearCents: nearCents, terminalKeys: terminalKeys)
        }
        let colors = TerminalStyle.colorsEnabled(environment: ProcessInfo.processInfo.environment, isTerminal: true)
        return StatusLinePresenter(mode: mode, output: output, colors: colors,
                                   columns: { TerminalSize.columns(of: STDOUT_FILENO) ?? TerminalSize.defaultColumns },
                                   nearCents: nearCents)
    }
}
