import Foundation

/// Pitch matching: hear a reference, then tune a note to it (or to an interval above/below it).
///
/// The control is abstract (see the session's `adjust`, `touch` and `commit`). Real hands move
/// controls at any moment: a movement while the reference sounds is kept, and the tunable
/// note starts as soon as the reference ends, where the control is then. A commit with no
/// movement at all records the trial at the initial offset. Anything during the feedback or
/// between trials is ignored, so nothing leaks into the next trial.
public struct PitchMatching: SessionDiscipline {
    public typealias State = PitchMatchingState
    public typealias Trial = PitchMatchingTrial
    public typealias Event = PitchMatchingEvent
    public typealias Record = PitchMatchingRecord
    public typealias Outcome = (frequency: Frequency, source: AnswerSource?)

    /// How far the initial offset may lie from the target, either way.
    public static let initialOffsetSpan: Cents = 20
    /// How far a full control deflection moves the note from its initial offset.
    public static let controlSpan: Cents = 20

    public enum Input: Sendable {
        /// The attempt ends at `frequency`; `stopped` says whether the note-off went out.
        case committed(Frequency, source: AnswerSource?, stopped: Result<Void, any Error>)
        /// Starting or retuning the tunable note failed (the output is gone).
        case failed(any Error)
    }

    public struct Live: TrialLive {
        var velocity: MIDIVelocity?
        /// The control's latest position in this trial; nil until it moved.
        var position: Double?
        /// The control moved in this trial (a touch, or a position).
        var moved = false
        var tunable: (any PlaybackHandle)?
        var committed = false

        public init() {}
    }

    public struct Run: Sendable {
        /// The smallest |userCentError| in this run.
        var sessionBest: Cents?
    }

    public static func clear(_ live: inout Live) {
        try? live.tunable?.stop()
        live = Live()
    }

    /// The directed intervals trained, in a fixed order.
    public let intervals: [DirectedInterval]
    let player: any NotePlayer
    let observers: [any PitchMatchingObserver]
    let now: @Sendable () -> Date
    /// `--focus weak`; nil trains as the iOS app does.
    var focus: WeakFocus? = nil

    public func newRun() -> Run { Run() }

    public func draw(number: Int, settings: TrainingSettings, run: inout Run, random: inout SessionRandom) throws -> Trial {
        let pitches = if let focus {
            try focusedPitches(focus, settings: settings, random: &random)
        } else {
            try TrialPitches(intervals: intervals, settings: settings, random: &random)
        }
        let span = Self.initialOffsetSpan.rawValue
        var trial = PitchMatchingTrial(
            number: number, referenceNote: pitches.referenceNote, targetNote: pitches.targetNote,
            interval: pitches.interval, tuningSystem: settings.activeTuning.identifier,
            initialCentOffset: Cents(unchecked: Double.random(in: -span...span, using: &random)),
            referenceFrequency: pitches.referenceFrequency, targetFrequency: pitches.targetFrequency,
            tunableAmplitude: settings.loudnessOffset(random: &random))
        trial.focus = focus?.matchingReason(for: pitches.interval, among: intervals)
        return trial
    }

    /// Plays the reference, then waits until the control commits.
    public func present(_ trial: Trial, settings: TrainingSettings, live: LiveShell<Self>, clock: any Clock<Duration>,
                        inputs: inout TrialInputs<Input>.Iterator, isolation: isolated (any Actor)) async throws -> Outcome {
        live.withLock { live in
            live.own.velocity = settings.velocity
            live.transition(to: .playingReference)
        }
        try await player.play(frequency: trial.referenceFrequency, duration: settings.noteDuration.duration,
                              velocity: settings.velocity, amplitude: .zero)
        try Task.checkCancellation()
        // A control moved during the reference starts the note now, where it is.
        let player = self.player
        live.withLock { live in
            live.transition(to: .awaitingTouch)
            if live.own.moved { Self.startTunable(&live, player: player) }
        }
        while true {
            switch try await inputs.next(of: trial.number, isolation: isolation) {
            case .committed(let frequency, let source, let stopped):
                try stopped.get()
                return (frequency, source)
            case .failed(let error):
                throw error
            }
        }
    }

    public func judge(_ outcome: Outcome, of trial: Trial, run: inout Run, live: LiveShell<Self>) -> TrialJudgement<Record> {
        .recorded(PitchMatchingRecord(
            timestamp: now(), referenceNote: trial.referenceNote, targetNote: trial.targetNote,
            interval: trial.interval.interval, tuningSystem: trial.tuningSystem,
            initialCentOffset: heardOffset(trial, of: trial.targetFrequency.shifted(by: trial.initialCentOffset))
                ?? trial.initialCentOffset,
            userCentError: heardOffset(trial, of: outcome.frequency) ?? outcome.frequency.cents(above: trial.targetFrequency)),
                  answeredBy: outcome.source)
    }

    /// How far a tunable note at `frequency` sounds from the target (nil: as asked).
    private func heardOffset(_ trial: PitchMatchingTrial, of frequency: Frequency) -> Cents? {
        player.heardOffset(of: frequency, from: trial.targetFrequency, reference: trial.referenceFrequency)
    }

    public func deliver(_ record: Record, answeredBy source: AnswerSource?) async throws {
        for observer in observers { try await observer.pitchMatchingCompleted(record, answeredBy: source) }
    }

    public func completed(_ record: Record, run: inout Run) -> Event {
        if run.sessionBest.map({ record.userCentError.magnitude < $0 }) ?? true {
            run.sessionBest = record.userCentError.magnitude
        }
        return .trialCompleted(record, sessionBest: run.sessionBest)
    }

    public func silence() {
        try? player.stopAll()
    }

    // MARK: - Under the lock, for the inputs

    /// Where the note is (or would start): the initial offset moved by the control's position.
    static func offset(of live: LiveTrial<Self>) -> Cents {
        live.trial?.centOffset(forControlValue: live.own.position ?? 0) ?? .zero
    }

    /// Starts the tunable note at the control's position. Reads the trial's fields in place
    /// (binding the trial would copy it, strings and all, before the touch's note-on).
    static func startTunable(_ live: inout LiveTrial<Self>, player: any NotePlayer) {
        guard let velocity = live.own.velocity, live.own.tunable == nil, let target = live.trial?.targetFrequency,
              let amplitude = live.trial?.tunableAmplitude else { return }
        let offset = offset(of: live)
        do {
            live.own.tunable = try player.startNote(frequency: target.shifted(by: offset), velocity: velocity,
                                                    amplitude: amplitude)
        } catch {
            live.yield(.failed(error))
            return
        }
        live.transition(to: .playingTunable)
        if live.own.position != nil { live.publish(.tunableAdjusted(offset: offset)) }
    }
}

extension PitchMatchingTrial: NumberedTrial {}
extension PitchMatchingState: SessionState {}
extension PitchMatchingEvent: SessionEvents {}
