import Foundation
import Synchronization

/// Pitch matching: hear a reference, then tune a note to it (or to an interval above/below it).
///
/// The control is abstract: `adjust(to:from:)` reports its position in −1…1, `touch(from:)` a
/// movement whose position is not known (the note starts where it is), `commit(from:)` the
/// explicit "that's it". All three are taken synchronously from any thread; the tunable note
/// starts, bends and stops before they return, and the loop learns of the commit right after.
///
/// Real hands move controls at any moment: a movement while the reference sounds is kept, and
/// the tunable note starts as soon as the reference ends, where the control is then. A commit
/// with no movement at all records the trial at the initial offset. Anything during the
/// feedback or between trials is ignored, so nothing leaks into the next trial.
public actor PitchMatchingSession: TrialLoopSession {
    public static let feedbackDuration: Duration = .milliseconds(400)
    /// How far the initial offset may lie from the target, either way.
    public static let initialOffsetSpan: Cents = 20
    /// How far a full control deflection moves the note from its initial offset.
    public static let controlSpan: Cents = 20

    /// The smallest |userCentError| since start().
    public private(set) var sessionBest: Cents?

    enum Input: Sendable {
        /// The attempt ends at `frequency`; `stopped` says whether the note-off went out.
        case committed(Frequency, source: AnswerSource?, stopped: Result<Void, any Error>)
        /// Starting or retuning the tunable note failed (the output is gone).
        case failed(any Error)
    }

    /// What inputs are checked against, behind a lock: any thread may move the control.
    private struct Live: Sendable {
        var state: PitchMatchingState = .idle
        var trial: PitchMatchingTrial?
        var velocity: MIDIVelocity?
        /// The control's latest position in this trial; nil until it moved.
        var position: Double?
        /// The control moved in this trial (a touch, or a position).
        var moved = false
        var tunable: (any PlaybackHandle)?
        var committed = false
        var inputs: TrialInputs<Input>.Continuation?
    }

    /// The directed intervals this session trains, in a fixed order.
    public nonisolated let intervals: [DirectedInterval]
    let player: any NotePlayer
    private let settings: any UserSettings
    private let observers: [any PitchMatchingObserver]
    private let resettables: [any TrainingDataResetting]
    private let clock: any Clock<Duration>
    private let now: @Sendable () -> Date
    private var random: SessionRandom
    private nonisolated let broadcaster = EventBroadcaster<PitchMatchingEvent>()
    private nonisolated let live = Mutex(Live())

    var runTask: Task<Void, Never>?
    private var trialNumber = 0

    /// - Parameter intervals: the directed intervals to train; `[.prime]` for unison. Never empty.
    public init(
        intervals: Set<DirectedInterval>,
        player: any NotePlayer,
        settings: any UserSettings,
        observers: [any PitchMatchingObserver] = [],
        resettables: [any TrainingDataResetting] = [],
        clock: any Clock<Duration> = ContinuousClock(),
        random: SessionRandom = SessionRandom(),
        now: @escaping @Sendable () -> Date = Date.init
    ) throws(DomainValueError) {
        self.intervals = try sortedIntervals(intervals)
        self.player = player
        self.settings = settings
        self.observers = observers
        self.resettables = resettables
        self.clock = clock
        self.random = random
        self.now = now
    }

    /// The current state; readable from any thread.
    public nonisolated var state: PitchMatchingState { live.withLock { $0.state } }

    /// The trial that is running (from its start until the session stops), if any.
    public nonisolated var currentTrial: PitchMatchingTrial? { live.withLock { $0.trial } }

    /// A new stream of every event from now on.
    public nonisolated func events() -> AsyncStream<PitchMatchingEvent> {
        broadcaster.subscribe()
    }

    /// Calls `handler` with every event from now on, synchronously and in order, on the thread
    /// that caused it. It must not block or call back into the session.
    public nonisolated func observeEvents(_ handler: @escaping @Sendable (PitchMatchingEvent) -> Void) {
        broadcaster.observe(handler)
    }

    /// Starts training; does nothing when already running.
    public func start() {
        guard runTask == nil else { return }
        sessionBest = nil
        startLoop()
    }

    /// Silences everything, discards the unfinished attempt and returns to idle.
    public func stop() async {
        await stopLoop()
    }

    /// The control moved, its position unknown (a relative control's first tick, a key): while
    /// waiting for it the tunable note starts at the control's last position (the initial
    /// offset if none); during the reference it starts when the reference ends. Returns
    /// whether it counted.
    @discardableResult
    public nonisolated func touch(from source: AnswerSource? = nil) -> Bool {
        let broadcaster = self.broadcaster
        return live.withLock { live in
            guard live.trial != nil, !live.committed else { return false }
            switch live.state {
            case .playingReference:
                live.moved = true
            case .awaitingTouch:
                live.moved = true
                Self.startTunable(&live, player: player, broadcaster)
            default:
                return false
            }
            return true
        }
    }

    /// The control's position, −1…1 (values beyond are clamped; a non-finite one is ignored):
    /// the tunable note moves to initial offset + value × 20 cents, its bend sent before this
    /// returns. Before the note sounds the position is kept for its start. Returns whether it
    /// counted.
    @discardableResult
    public nonisolated func adjust(to value: Double, from source: AnswerSource? = nil) -> Bool {
        guard value.isFinite else { return false }
        let position = min(max(value, -1), 1)
        let broadcaster = self.broadcaster
        return live.withLock { live in
            guard let trial = live.trial, !live.committed else { return false }
            switch live.state {
            case .playingReference:
                live.moved = true
                live.position = position
            case .awaitingTouch:
                live.moved = true
                live.position = position
                Self.startTunable(&live, player: player, broadcaster)
            case .playingTunable:
                live.position = position
                let offset = trial.centOffset(forControlValue: position)
                do {
                    try live.tunable?.adjust(to: trial.targetFrequency.shifted(by: offset))
                    broadcaster.publish(.tunableAdjusted(offset: offset))
                } catch {
                    live.inputs?.yield((trial.number, .failed(error)))
                }
            default:
                return false
            }
            return true
        }
    }

    /// Ends the attempt at the current pitch (the note stops before this returns) and records
    /// it; with no movement at all, at the initial offset. Ignored during the reference, the
    /// feedback and between trials. Returns whether it counted.
    @discardableResult
    public nonisolated func commit(from source: AnswerSource? = nil) -> Bool {
        live.withLock { live in
            guard let trial = live.trial, !live.committed,
                  live.state == .awaitingTouch || live.state == .playingTunable else { return false }
            live.committed = true
            let stopped = Result<Void, any Error> { try live.tunable?.stop() }
            live.tunable = nil
            let frequency = trial.targetFrequency.shifted(by: Self.offset(of: live))
            live.inputs?.yield((trial.number, .committed(frequency, source: source, stopped: stopped)))
            return true
        }
    }

    /// Stops the session and deletes all training data everywhere (profile, store).
    public func resetAllTrainingData() async throws {
        await stop()
        for resettable in resettables { try await resettable.resetAllTrainingData() }
        sessionBest = nil
    }

    // MARK: - The trial loop

    nonisolated func setInputs(_ continuation: TrialInputs<Input>.Continuation?) {
        live.withLock { live in
            live.inputs?.finish()
            live.inputs = continuation
            if continuation == nil {
                live.trial = nil
                try? live.tunable?.stop()
                live.tunable = nil
            }
        }
    }

    func silencePlayer() {
        try? player.stopAll()
    }

    func didEnd(_ reason: SessionStopReason) {
        transition(to: .idle)
        broadcaster.publish(.stopped(reason))
    }

    func runTrial(_ inputs: inout TrialInputs<Input>.Iterator) async throws {
        let trialSettings = await settings.snapshot()
        let pitches = try TrialPitches(intervals: intervals, settings: trialSettings, random: &random)
        let span = Self.initialOffsetSpan.rawValue
        trialNumber += 1
        let trial = PitchMatchingTrial(
            number: trialNumber, referenceNote: pitches.referenceNote, targetNote: pitches.targetNote,
            interval: pitches.interval, tuningSystem: trialSettings.tuningSystem,
            initialCentOffset: Cents(unchecked: Double.random(in: -span...span, using: &random)),
            referenceFrequency: pitches.referenceFrequency, targetFrequency: pitches.targetFrequency,
            tunableAmplitude: trialSettings.loudnessOffset(random: &random))
        let broadcaster = self.broadcaster
        live.withLock { live in
            live = Live(state: live.state, trial: trial, velocity: trialSettings.velocity, inputs: live.inputs)
        }
        broadcaster.publish(.trialStarted(trial))

        transition(to: .playingReference)
        try await player.play(frequency: trial.referenceFrequency, duration: trialSettings.noteDuration.duration,
                              velocity: trialSettings.velocity, amplitude: .zero)
        try Task.checkCancellation()
        // A control moved during the reference starts the note now, where it is.
        let player = self.player
        live.withLock { live in
            Self.transition(&live, to: .awaitingTouch, broadcaster)
            if live.moved { Self.startTunable(&live, player: player, broadcaster) }
        }

        let (frequency, source) = try await awaitCommit(trial, &inputs)
        let record = PitchMatchingRecord(
            timestamp: now(), referenceNote: trial.referenceNote, targetNote: trial.targetNote,
            interval: trial.interval.interval, tuningSystem: trial.tuningSystem,
            initialCentOffset: heardOffset(trial, of: trial.targetFrequency.shifted(by: trial.initialCentOffset))
                ?? trial.initialCentOffset,
            userCentError: heardOffset(trial, of: frequency) ?? frequency.cents(above: trial.targetFrequency))
        try Task.checkCancellation()
        for observer in observers { try await observer.pitchMatchingCompleted(record, answeredBy: source) }

        if sessionBest.map({ record.userCentError.magnitude < $0 }) ?? true {
            sessionBest = record.userCentError.magnitude
        }
        broadcaster.publish(.trialCompleted(record, sessionBest: sessionBest))
        transition(to: .showingFeedback)
        try await clock.sleep(for: Self.feedbackDuration)
    }

    /// Waits until the control commits; returns the committed pitch and the committing control.
    private func awaitCommit(
        _ trial: PitchMatchingTrial, _ inputs: inout TrialInputs<Input>.Iterator
    ) async throws -> (Frequency, AnswerSource?) {
        while let (inputTrial, input) = await inputs.next(isolation: self) {
            guard inputTrial == trial.number else { continue }
            switch input {
            case .committed(let frequency, let source, let stopped):
                try stopped.get()
                return (frequency, source)
            case .failed(let error):
                throw error
            }
        }
        throw CancellationError()
    }

    /// Where the note is (or would start): the initial offset moved by the control's position.
    /// How far a tunable note at `frequency` sounds from the target (nil: as asked).
    private func heardOffset(_ trial: PitchMatchingTrial, of frequency: Frequency) -> Cents? {
        player.heardOffset(of: frequency, from: trial.targetFrequency, reference: trial.referenceFrequency)
    }

    private static func offset(of live: Live) -> Cents {
        guard let trial = live.trial else { return .zero }
        return trial.centOffset(forControlValue: live.position ?? 0)
    }

    /// Starts the tunable note at the control's position; under the lock.
    private static func startTunable(_ live: inout Live, player: any NotePlayer,
                                     _ broadcaster: EventBroadcaster<PitchMatchingEvent>) {
        guard let trial = live.trial, let velocity = live.velocity, live.tunable == nil else { return }
        let offset = offset(of: live)
        do {
            live.tunable = try player.startNote(frequency: trial.targetFrequency.shifted(by: offset),
                                                velocity: velocity, amplitude: trial.tunableAmplitude)
        } catch {
            live.inputs?.yield((trial.number, .failed(error)))
            return
        }
        transition(&live, to: .playingTunable, broadcaster)
        if live.position != nil { broadcaster.publish(.tunableAdjusted(offset: offset)) }
    }

    private func transition(to newState: PitchMatchingState) {
        let broadcaster = self.broadcaster
        live.withLock { Self.transition(&$0, to: newState, broadcaster) }
    }

    private static func transition(_ live: inout Live, to newState: PitchMatchingState,
                                   _ broadcaster: EventBroadcaster<PitchMatchingEvent>) {
        guard newState != live.state else { return }
        live.state = newState
        broadcaster.publish(.stateChanged(newState))
    }
}
