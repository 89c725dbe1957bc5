import PeachCore
import PeachRig
import PeachTerminal

extension TrainingStatus {
    /// The status before the first report.
    public static func initial(mode: TrainingMode) -> TrainingStatus {
        TrainingStatus(mode: mode)
    }

    /// The status after `report`.
    ///
    /// Trial numbers are the ones the reports carry (the run's, see `TrainingReport`).
    /// - Parameter nearCents: a match at most this far from the target is near (the feedback
    ///   cue's threshold).
    public func applying(_ report: TrainingReport,
                         nearCents: Cents = FeedbackCueSettings.default.nearCents) -> TrainingStatus {
        var status = self
        switch report {
        case .started(let mode, let intervals, _, _, let controller):
            var controls = controller.map(AnswerControls.init) ?? .keys
            // Paused rhythm matching goes on with a tap too (the trainer's route sees to it).
            if mode == .rhythmMatching { controls.startStop += " or a tap" }
            status = TrainingStatus(mode: mode, intervals: Self.intervalText(intervals), trial: trial,
                                    prompt: .starting, controls: controls)
        case .comparisonTrialStarted(let started, let number):
            status.trial = number
            status.question = TrialQuestion(interval: started.interval, reference: started.referenceNote,
                                            target: started.targetNote)
            status.difficulty = started.centOffset.magnitude
            status.prompt = .listen
            status.notice = nil
        case .comparisonStateChanged(let state, let number):
            status.trial = number
            status.prompt = switch state {
            case .idle: .paused
            case .playingNote1: .listen
            case .playingNote2, .awaitingAnswer: .answer
            case .showingFeedback: .feedback
            }
        case .comparisonCompleted(let record, let number, let best, let standing):
            status.trial = number
            status.question = TrialQuestion(undirected: record.interval, reference: record.referenceNote,
                                            target: record.targetNote)
            status.difficulty = record.centOffset.magnitude
            status.prompt = .feedback
            status.lastResult = .comparison(correct: record.isCorrect, offset: record.centOffset)
            status.sessionBest = best
            status.trend = standing.trend
            status.threshold = standing.threshold
        case .matchingTrialStarted(let started, let number):
            status.trial = number
            status.question = TrialQuestion(interval: started.interval, reference: started.referenceNote,
                                            target: started.targetNote)
            // No offset to show until the tunable note sounds.
            status.difficulty = nil
            status.prompt = .listen
            status.notice = nil
        case .matchingStateChanged(let state, let number):
            status.trial = number
            status.prompt = switch state {
            case .idle: .paused
            case .playingReference: .listen
            case .awaitingTouch: .moveToStart
            case .playingTunable: .tune
            case .showingFeedback: .feedback
            }
        case .matchingAdjusted(_, let number):
            // The live offset would let the eyes tune instead of the ears: it shows after the commit.
            status.trial = number
        case .matchingCompleted(let record, let number, let best, let standing):
            status.trial = number
            status.question = TrialQuestion(undirected: record.interval, reference: record.referenceNote,
                                            target: record.targetNote)
            // The error shows as the result; matching has no difficulty to show.
            status.difficulty = nil
            status.prompt = .feedback
            status.lastResult = .matching(error: record.userCentError,
                                          near: record.userCentError.magnitude <= nearCents)
            status.sessionBest = best
            status.trend = standing.trend
            status.threshold = standing.threshold
        case .rhythmOffsetDetectionTrialStarted(let started, let number):
            status.trial = number
            status.tempo = started.tempo
            status.rhythmOffsetPercent = abs(started.offset.percentOfSixteenth(at: started.tempo))
            status.prompt = .listen
            status.notice = nil
        case .rhythmOffsetDetectionStateChanged(let state, let number):
            status.trial = number
            status.prompt = switch state {
            case .idle: .paused
            case .playingClicks: .listen
            case .awaitingAnswer: .earlyOrLate
            case .showingFeedback: .feedback
            }
        case .rhythmOffsetDetectionCompleted(let record, let number, let statistics):
            status.trial = number
            status.tempo = record.tempo
            let percent = record.offset.percentOfSixteenth(at: record.tempo)
            status.rhythmOffsetPercent = abs(percent)
            status.prompt = .feedback
            status.lastResult = .rhythmOffsetDetection(correct: record.isCorrect, percent: percent)
            status.rhythmMean = statistics.map { RhythmMean(direction: record.offset.direction, percent: $0.mean) }
        case .rhythmMatchingTrialStarted(let started, let number):
            status.trial = number
            status.tempo = started.tempo
            status.rhythmOffsetPercent = nil
            status.prompt = .listen
            status.notice = nil
        case .rhythmMatchingStateChanged(let state, let number):
            status.trial = number
            status.prompt = switch state {
            case .idle: .paused
            case .playingClicks, .awaitingTap: .tap
            case .showingFeedback: .feedback
            }
        case .rhythmMatchingTapMissed(let number):
            status.trial = number
            status.lastResult = .rhythmMissed
        case .rhythmMatchingTapOutside(let offset, let number):
            status.trial = number
            status.notice = "tap \(CentsText.milliseconds(offset.milliseconds)) from the fourth: outside the window, not counted"
        case .rhythmMatchingCompleted(let record, let number, let statistics):
            status.trial = number
            status.tempo = record.tempo
            let percent = record.userOffset.percentOfSixteenth(at: record.tempo)
            status.prompt = .feedback
            status.lastResult = .rhythmMatching(percent: percent, milliseconds: record.userOffset.milliseconds,
                                                near: abs(percent) <= Trainer.rhythmNearPercent)
            status.rhythmMean = statistics.map { RhythmMean(direction: record.userOffset.direction, percent: $0.mean) }
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

    /// "P5u M3d", in the order given; nil for none or the prime alone.
    static func intervalText(_ intervals: [DirectedInterval]) -> String? {
        guard !intervals.isEmpty, intervals != [.prime] else { return nil }
        return intervals.map(\.abbreviation).joined(separator: " ")
    }
}
