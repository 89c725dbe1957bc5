import Foundation

/// Pitch comparison: two notes, "was the second higher or lower?". An answer counts once per
/// trial, while the target sounds (stopping it at once) or after it.
///
/// Each discipline runs its own Kazez staircase within a run, started from the profile's mean;
/// with `--focus weak` (`WeakFocus`) each directed interval runs its own `FocusStaircase`,
/// started from its estimate.
public struct PitchComparison: SessionDiscipline {
    public typealias State = PitchComparisonState
    public typealias Trial = PitchComparisonTrial
    public typealias Event = PitchComparisonEvent
    public typealias Record = PitchComparisonRecord

    public enum Input: Sendable {
        /// `stopped` says whether the answer's note-off went out (the output may be gone).
        case answer(higher: Bool, source: AnswerSource?, stopped: Result<Void, any Error>)
        case targetEnded(Result<Void, any Error>)
    }

    public struct Live: TrialLive {
        /// The sounding target, for the answer's note-off.
        var target: (any TimedPlaybackHandle)?
        var answered = false

        public init() {}
    }

    public struct Run: Sendable {
        /// The smallest cent difference answered correctly in this run.
        var sessionBest: Cents?
        var magnitudes: [TrainingDiscipline: Cents] = [:]
        /// The running trial's staircase and its step.
        var pending: (discipline: TrainingDiscipline, magnitude: Cents)?
        /// With a focus: each interval's own staircase, and the running trial's.
        var focusStaircases: [DirectedInterval: FocusStaircase] = [:]
        var focusPending: (interval: DirectedInterval, staircase: FocusStaircase)?

        var focusMagnitudes: [DirectedInterval: Cents] { focusStaircases.mapValues(\.magnitude) }
    }

    public typealias Outcome = (higher: Bool, source: AnswerSource?)

    /// The directed intervals trained, in a fixed order.
    public let intervals: [DirectedInterval]
    let player: any NotePlayer
    let strategy: any DifficultyStrategy
    let profile: (any ProfileMeanProviding)?
    let observers: [any PitchComparisonObserver]
    let now: @Sendable () -> Date
    /// `--focus weak`; nil trains as the iOS app does.
    var focus: WeakFocus? = nil

    public func newRun() -> Run { Run() }

    public func draw(number: Int, settings: TrainingSettings, run: inout Run, random: inout SessionRandom) throws -> Trial {
        var pitches: TrialPitches
        var discipline: TrainingDiscipline
        var magnitude: Cents
        var staircase: FocusStaircase?
        var asked: Cents
        var centOffset: Cents
        // A synth's whole-cent steps can leave a tiny difference on the wrong side of zero:
        // such a trial has no right answer, so other notes are drawn (rarely more than once).
        var draws = 0
        repeat {
            if let focus {
                pitches = try focusedPitches(focus, settings: settings, run: run, random: &random)
                discipline = TrainingDiscipline.comparison(for: pitches.interval.interval)
                staircase = run.focusStaircases[pitches.interval] ?? startingStaircase(pitches.interval, focus)
                magnitude = staircase!.magnitude
            } else {
                pitches = try TrialPitches(intervals: intervals, settings: settings, random: &random)
                discipline = TrainingDiscipline.comparison(for: pitches.interval.interval)
                magnitude = run.magnitudes[discipline] ?? strategy.initialMagnitude(
                    profileMean: profile?.mean(for: discipline, in: settings.activeTuning.identifier))
            }
            asked = Bool.random(using: &random) ? magnitude : -magnitude
            centOffset = heardOffset(pitches, asked: asked)
            draws += 1
        } while draws <= 8 && ((centOffset.rawValue > 0) != (asked.rawValue > 0) || centOffset.rawValue == 0)
        run.pending = (discipline, magnitude)
        run.focusPending = staircase.map { (pitches.interval, $0) }
        var trial = PitchComparisonTrial(
            number: number, referenceNote: pitches.referenceNote, targetNote: pitches.targetNote,
            interval: pitches.interval, tuningSystem: settings.activeTuning.identifier, centOffset: centOffset,
            referenceFrequency: pitches.referenceFrequency,
            targetFrequency: pitches.targetFrequency.shifted(by: asked),
            targetAmplitude: settings.loudnessOffset(random: &random))
        trial.focus = focus?.reason(for: pitches.interval, among: intervals, magnitudes: run.focusMagnitudes)
        return trial
    }

    /// The target's offset as the synth will sound it: what the record keeps and the answer
    /// is judged by.
    private func heardOffset(_ pitches: TrialPitches, asked: Cents) -> Cents {
        player.heardOffset(of: pitches.targetFrequency.shifted(by: asked), from: pitches.targetFrequency,
                           reference: pitches.referenceFrequency) ?? asked
    }

    /// Plays the reference, then the target; returns the answer, which may come while the
    /// target sounds (stopping it) or after.
    public func present(_ trial: Trial, settings: TrainingSettings, live: LiveShell<Self>, clock: any Clock<Duration>,
                        inputs: inout TrialInputs<Input>.Iterator, isolation: isolated (any Actor)) async throws -> Outcome {
        live.transition(to: .playingNote1)
        try await player.play(frequency: trial.referenceFrequency, duration: settings.noteDuration.duration,
                              velocity: settings.velocity, amplitude: .zero)
        if settings.noteGap.seconds > 0 {
            try await clock.sleep(for: settings.noteGap.duration)
        }
        try Task.checkCancellation()

        let player = self.player
        // The note-on and the handle an answer stops appear together under the lock, so an
        // answer's note-off can never overtake its note-on.
        let target = try live.withLock { live throws -> any TimedPlaybackHandle in
            let target = try player.startNote(frequency: trial.targetFrequency, duration: settings.noteDuration.duration,
                                              velocity: settings.velocity, amplitude: trial.targetAmplitude)
            live.own.target = target
            live.transition(to: .playingNote2)
            return target
        }
        let waiter = Task {
            let result = await Result { () async throws -> Void in try await target.ended() }
            live.yield(.targetEnded(result), toTrial: trial.number)
        }
        defer { waiter.cancel() }
        while true {
            switch try await inputs.next(of: trial.number, isolation: isolation) {
            case .targetEnded(.success):
                live.withLock { live in
                    live.own.target = nil
                    if live.state == .playingNote2 && !live.own.answered { live.transition(to: .awaitingAnswer) }
                }
            case .targetEnded(.failure(let error)):
                if !(error is CancellationError) { throw error }
            case .answer(let higher, let source, let stopped):
                try stopped.get()
                return (higher, source)
            }
        }
    }

    public func judge(_ outcome: Outcome, of trial: Trial, run: inout Run, live: LiveShell<Self>) -> TrialJudgement<Record> {
        .recorded(PitchComparisonRecord(
            timestamp: now(), referenceNote: trial.referenceNote, targetNote: trial.targetNote,
            interval: trial.interval.interval, tuningSystem: trial.tuningSystem, centOffset: trial.centOffset,
            isCorrect: outcome.higher == (trial.centOffset.rawValue > 0)), answeredBy: outcome.source)
    }

    public func deliver(_ record: Record, answeredBy source: AnswerSource?) async throws {
        for observer in observers { try await observer.pitchComparisonCompleted(record, answeredBy: source) }
    }

    public func completed(_ record: Record, run: inout Run) -> Event {
        if let (discipline, magnitude) = run.pending {
            if let (interval, staircase) = run.focusPending {
                run.focusStaircases[interval] = staircase.next(wasCorrect: record.isCorrect, minimum: strategy.minimumMagnitude)
            } else {
                run.magnitudes[discipline] = strategy.nextMagnitude(after: magnitude, wasCorrect: record.isCorrect)
            }
        }
        if record.isCorrect, run.sessionBest.map({ record.centOffset.magnitude < $0 }) ?? true {
            run.sessionBest = record.centOffset.magnitude
        }
        return .trialCompleted(record, sessionBest: run.sessionBest)
    }

    public func silence() {
        try? player.stopAll()
    }
}

extension PitchComparisonTrial: NumberedTrial {}
extension PitchComparisonState: SessionState {}
extension PitchComparisonEvent: SessionEvents {}
