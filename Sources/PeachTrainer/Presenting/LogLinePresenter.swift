import PeachCore
import PeachRig
import PeachTerminal

/// Shows training when the output is not a terminal (a log, a pipe, journald): one plain line
/// per start, trial started, trial completed, stop, notice and finish; no colours, no "\r",
/// no state changes (the JSON lines have those).
public actor LogLinePresenter: TrainingPresenter {
    private let output: any TextOutput
    private var status: TrainingStatus
    private let nearCents: Cents
    private let terminalKeys: Bool

    /// - Parameter terminalKeys: whether the computer's keys are read; not on a headless rig,
    ///   where the lines name only the controller's controls.
    public init(mode: TrainingMode, output: any TextOutput,
                nearCents: Cents = FeedbackCueSettings.default.nearCents, terminalKeys: Bool = true) {
        self.output = output
        status = .initial(mode: mode)
        self.nearCents = nearCents
        self.terminalKeys = terminalKeys
    }

    public func present(_ report: TrainingReport) {
        status = status.applying(report, nearCents: nearCents, terminalKeys: terminalKeys)
        let number = status.trial ?? 0
        let line: String? = switch report {
        case .started(let mode, _, let output, let input, _, _):
            LogLineText.started(mode: mode, intervals: status.intervals, output: output, input: input)
        case .trialStarted(let news, _), .stateChanged(let news, _), .trialCompleted(let news, _):
            news.logLine(number: number, status: status, nearCents: nearCents)
        case .trialProgress(let news, _):
            news.logLine(number: number, status: status, nearCents: nearCents)
        case .stopped(let mode, let problem):
            LogLineText.stopped(mode: mode, problem: problem, goesOn: status.controls.startStop)
        case .notice(let text):
            text
        case .finished(let completed, _):
            LogLineText.finished(completedTrials: completed)
        }
        guard let line else { return }
        var lines = [line]
        if case .finished(_, let summary) = report { lines += LogLineText.summary(summary) + LogLineText.rhythmSummary(summary) }
        for line in lines { output.write(String(line.map { DisplayWidth.isControl($0) ? " " : $0 }) + "\n") }
    }
}
