import PeachCore
import PeachRig
import PeachTerminal

extension TrainingStatus {
    /// The status before the first report.
    public static func initial(mode: TrainingMode) -> TrainingStatus {
        var status = TrainingStatus(mode: mode)
        // Where answers are taps, a paused run goes on with a tap too (the trainer's route sees to it).
        if mode.answers == .tap { status.controls.startStop += " or a tap" }
        return status
    }

    /// The status after `report`.
    ///
    /// Trial numbers are the ones the reports carry (the run's, see `TrainingReport`).
    /// - Parameter nearCents: a match at most this far from the target is near (the feedback
    ///   cue's threshold).
    /// - Parameter terminalKeys: whether the computer's keys are read (not on a headless rig):
    ///   the prompts name only controls there are.
    public func applying(_ report: TrainingReport,
                         nearCents: Cents = FeedbackCueSettings.default.nearCents, terminalKeys: Bool = true) -> TrainingStatus {
        var status = self
        switch report {
        case .started(let mode, let intervals, _, _, let controller, _):
            var controls = controller.map { AnswerControls(controller: $0, terminalKeys: terminalKeys) } ?? .keys
            // Where answers are taps, a paused run goes on with a tap too (the trainer's route sees to it).
            if mode.answers == .tap { controls.startStop += " or a tap" }
            status = TrainingStatus(mode: mode, intervals: Self.intervalText(intervals), trial: trial,
                                    prompt: .starting, controls: controls)
        case .trialStarted(let news, let number), .stateChanged(let news, let number), .trialCompleted(let news, let number):
            status.trial = number
            news.update(&status, nearCents: nearCents)
        case .trialProgress(let news, let number):
            status.trial = number
            news.update(&status, nearCents: nearCents)
        case .stopped(let mode, let problem):
            status.mode = mode
            status.prompt = .paused
            // The unfinished trial is discarded: nothing is asked until the next one.
            status.question = nil
            status.difficulty = nil
            status.rhythmOffsetPercent = nil
            status.notice = problem
        case .notice(let text):
            status.notice = text
        case .finished:
            status.prompt = .feedback
            status.difficulty = nil
        }
        return status
    }

    /// A pitch trial's result: the question it asked, the feedback prompt, the session's best and
    /// the discipline's standing after it (the result itself is the discipline's).
    mutating func showPitchResult(_ question: TrialQuestion, sessionBest: Cents?, standing: DisciplineStanding) {
        self.question = question
        prompt = .feedback
        self.sessionBest = sessionBest
        trend = standing.trend
        threshold = standing.threshold
    }

    /// "P5u M3d", in the order given; nil for none or the prime alone.
    static func intervalText(_ intervals: [DirectedInterval]) -> String? {
        guard !intervals.isEmpty, intervals != [.prime] else { return nil }
        return intervals.map(\.abbreviation).joined(separator: " ")
    }
}
