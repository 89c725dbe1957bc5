import PeachCore

/// What the status line shows: where the training is and what the user should do now.
public struct TrainingStatus: Hashable, Sendable {

    public var mode: TrainingMode
    /// The trained intervals, e.g. "P5u M3d"; nil in the unison modes.
    public var intervals: String?
    /// The current trial's number in this run; nil before the first.
    public var trial: Int?
    /// The current (or just completed) trial's interval, reference and target; nil between trials.
    public var question: TrialQuestion?
    /// Comparison: the current trial's |cent offset|. Matching: the tunable note's offset from
    /// the target while tuning.
    public var difficulty: Cents?
    public var prompt: TrainingPrompt
    /// The controls the prompt names.
    public var controls: AnswerControls
    public var lastResult: TrialResult?
    /// The smallest difference answered correctly (comparison) or the smallest error
    /// (matching) in this session.
    public var sessionBest: Cents?
    public var trend: Trend?
    /// The threshold (comparison) or spread (matching) estimate after the last trial.
    public var threshold: ThresholdEstimate?
    /// Something that is not a trial, e.g. "synth lost: waiting for FLUID Synth".
    public var notice: String?
    /// Rhythm: the tempo the clicks play at.
    public var tempo: TempoBPM?
    /// Rhythm offset detection: how far the current trial's fourth click lies off the beat, in
    /// percent of a sixteenth (unsigned: its side is the question).
    public var rhythmOffsetPercent: Double?
    /// Rhythm: the profile's mean for the last trial's tempo and side, in percent of a sixteenth.
    public var rhythmMean: RhythmMean?
    /// `--focus weak`: what the current trial trains and why, "M3 down, your weakest".
    public var focus: String?

    public init(mode: TrainingMode, intervals: String? = nil, trial: Int? = nil, question: TrialQuestion? = nil,
                difficulty: Cents? = nil,
                prompt: TrainingPrompt = .starting, controls: AnswerControls = .keys, lastResult: TrialResult? = nil, sessionBest: Cents? = nil,
                trend: Trend? = nil, threshold: ThresholdEstimate? = nil, notice: String? = nil) {
        self.mode = mode
        self.intervals = intervals
        self.trial = trial
        self.question = question
        self.difficulty = difficulty
        self.prompt = prompt
        self.controls = controls
        self.lastResult = lastResult
        self.sessionBest = sessionBest
        self.trend = trend
        self.threshold = threshold
        self.notice = notice
    }
}

/// The outcome of the last completed trial.
public enum TrialResult: Hashable, Sendable {
    /// `offset` is the trial's signed cent offset.
    case comparison(correct: Bool, offset: Cents)
    /// `error` is the signed user cent error; `near` as the feedback cue judged it.
    case matching(error: Cents, near: Bool)
    /// The fourth click lay `percent` of a sixteenth off the beat (negative: early).
    case rhythmOffsetDetection(correct: Bool, percent: Double)
    /// The tap lay `percent` of a sixteenth off the beat, `milliseconds` on the clock.
    case tapOffset(percent: Double, milliseconds: Double, near: Bool)
    /// The tap window closed without a tap.
    case rhythmMissed
}

/// The profile's mean offset of one tempo and side of the beat, in percent of a sixteenth.
public struct RhythmMean: Hashable, Sendable {
    public var direction: RhythmDirection
    public var percent: Double

    public init(direction: RhythmDirection, percent: Double) {
        self.direction = direction
        self.percent = percent
    }
}
