import PeachCore
import PeachRig
import PeachTerminal

/// Shows training on a terminal: one live status line, redrawn on every report (so a completed
/// trial's result shows at once, well inside the 400 ms feedback window), with starts, stops and
/// notices printed above it.
public actor StatusLinePresenter: TrainingPresenter {
    private var writer: StatusLineWriter
    private var status: TrainingStatus
    private let nearCents: Cents

    /// - Parameters:
    ///   - output: the terminal, e.g. `FileDescriptorOutput.standardOutput`.
    ///   - colors: e.g. `TerminalStyle.colorsEnabled(environment:isTerminal:)`.
    ///   - columns: the terminal's width, asked before every redraw.
    ///   - nearCents: the feedback cue's near threshold for matching results.
    public init(mode: TrainingMode, output: any TextOutput, colors: Bool,
                columns: @escaping @Sendable () -> Int,
                nearCents: Cents = FeedbackCueSettings.default.nearCents) {
        writer = StatusLineWriter(output: output, renderer: StatusLineRenderer(colors: colors), columns: columns)
        status = .initial(mode: mode)
        self.nearCents = nearCents
    }

    public func present(_ report: TrainingReport) {
        status = status.applying(report, nearCents: nearCents)
        switch report {
        case .started(let mode, _, let output, let input, _, _):
            writer.printAbove(LogLineText.started(mode: mode, intervals: status.intervals, output: output, input: input))
        case .stopped(let mode, let problem?):
            writer.printAbove(LogLineText.stopped(mode: mode, problem: problem, goesOn: status.controls.startStop))
        case .notice(let text):
            writer.printAbove(text)
        case .finished(let completed, let summary):
            writer.show(status)
            writer.finish()
            writer.printAbove(LogLineText.finished(completedTrials: completed))
            for line in LogLineText.summary(summary) + LogLineText.rhythmSummary(summary) { writer.printAbove(line) }
            return
        default:
            break
        }
        writer.show(status)
    }

    /// The cursor to a fresh line: for the shell before the process stops (Ctrl-Z), or for
    /// what is printed after training ended without its summary (stopped during the start-up).
    public func leaveLine() {
        writer.leaveLine()
    }

    /// The terminal's width changed: the old line's wrapped rows go, the line is fitted again.
    public func resized() {
        writer.resized()
    }

    /// After the process continued (fg): the line again, below what the shell wrote.
    public func redraw() {
        writer.redraw()
    }
}
