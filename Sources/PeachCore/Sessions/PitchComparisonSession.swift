import Foundation
import Synchronization

/// Pitch comparison: two notes, "was the second higher or lower?".
///
/// One task runs the trials and waits on an input stream, so a session waiting for an answer
/// is suspended and costs no CPU. `answer(higher:from:)` is taken synchronously from any
/// thread: an answer while the target sounds stops it before the call returns, then the loop
/// records the trial.
public actor PitchComparisonSession: TrialLoopSession {
    public static let feedbackDuration: Duration = .milliseconds(400)

    /// The smallest cent difference answered correctly since start().
    public private(set) var sessionBest: Cents?

    enum Input: Sendable {
        /// `stopped` says whether the answer's note-off went out (the output may be gone).
        case answer(higher: Bool, source: AnswerSource?, stopped: Result<Void, any Error>)
        case targetEnded(Result<Void, any Error>)
    }

    /// What inputs are checked against, behind a lock: any thread may answer.
    private struct Live: Sendable {
        var state: PitchComparisonState = .idle
        var trial: PitchComparisonTrial?
        /// The sounding target, for the answer's note-off.
        var target: (any TimedPlaybackHandle)?
        var answered = false
        var inputs: TrialInputs<Input>.Continuation?
    }

    /// The directed intervals this session trains, in a fixed order.
    public nonisolated let intervals: [DirectedInterval]
    let player: any NotePlayer
    private let settings: any UserSettings
    private let strategy: any DifficultyStrategy
    private let profile: (any ProfileMeanProviding)?
    private let observers: [any PitchComparisonObserver]
    private let resettables: [any TrainingDataResetting]
    private let clock: any Clock<Duration>
    private let now: @Sendable () -> Date
    private var random: SessionRandom
    private nonisolated let broadcaster = EventBroadcaster<PitchComparisonEvent>()
    private nonisolated let live = Mutex(Live())

    var runTask: Task<Void, Never>?
    private var trialNumber = 0
    private var magnitudes: [TrainingDiscipline: Cents] = [:]

    /// - Parameter intervals: the directed intervals to train; `[.prime]` for unison. Never empty.
    public init(
        intervals: Set<DirectedInterval>,
        player: any NotePlayer,
        settings: any UserSettings,
        strategy: any DifficultyStrategy = KazezStrategy(),
        profile: (any ProfileMeanProviding)? = nil,
        observers: [any PitchComparisonObserver] = [],
        resettables: [any TrainingDataResetting] = [],
        clock: any Clock<Duration> = ContinuousClock(),
        random: SessionRandom = SessionRandom(),
        now: @escaping @Sendable () -> Date = Date.init
    ) throws(DomainValueError) {
        self.intervals = try sortedIntervals(intervals)
        self.player = player
        self.settings = settings
        self.strategy = strategy
        self.profile = profile
        self.observers = observers
        self.resettables = resettables
        self.clock = clock
        self.random = random
        self.now = now
    }

    /// The current state; readable from any thread.
    public nonisolated var state: PitchComparisonState { live.withLock { $0.state } }

    /// The trial that is running (from its start until the session stops), if any.
    public nonisolated var currentTrial: PitchComparisonTrial? { live.withLock { $0.trial } }

    /// A new stream of every event from now on.
    public nonisolated func events() -> AsyncStream<PitchComparisonEvent> {
        broadcaster.subscribe()
    }

    /// Calls `handler` with every event from now on, synchronously and in order, on the thread
    /// that caused it. It must not block or call back into the session.
    public nonisolated func observeEvents(_ handler: @escaping @Sendable (PitchComparisonEvent) -> Void) {
        broadcaster.observe(handler)
    }

    /// Starts training; does nothing when already running.
    public func start() {
        guard runTask == nil else { return }
        sessionBest = nil
        magnitudes = [:]
        startLoop()
    }

    /// Silences everything, discards the unfinished trial and returns to idle.
    public func stop() async {
        await stopLoop()
    }

    /// The listener's answer, from any thread. Counts once per trial, while the target sounds
    /// (it is stopped at once: its note-off has left when this returns) or after it; ignored
    /// during the reference, the feedback and between trials. Returns whether it counted.
    @discardableResult
    public nonisolated func answer(higher: Bool, from source: AnswerSource? = nil) -> Bool {
        live.withLock { live in
            guard !live.answered, live.state == .playingNote2 || live.state == .awaitingAnswer,
                  let trial = live.trial, let inputs = live.inputs else { return false }
            live.answered = true
            let stopped = Result<Void, any Error> { try live.target?.stop() }
            live.target = nil
            inputs.yield((trial.number, .answer(higher: higher, source: source, stopped: stopped)))
            return true
        }
    }

    /// Stops the session and deletes all training data everywhere (profile, store).
    public func resetAllTrainingData() async throws {
        await stop()
        for resettable in resettables { try await resettable.resetAllTrainingData() }
        sessionBest = nil
        magnitudes = [:]
    }

    // MARK: - The trial loop

    nonisolated func setInputs(_ continuation: TrialInputs<Input>.Continuation?) {
        live.withLock { live in
            live.inputs?.finish()
            live.inputs = continuation
            if continuation == nil {
                live.trial = nil
                live.target = nil
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

    /// The target's offset as the synth will sound it: what the record keeps and the answer
    /// is judged by.
    private func heardOffset(_ pitches: TrialPitches, asked: Cents) -> Cents {
        player.heardOffset(of: pitches.targetFrequency.shifted(by: asked), from: pitches.targetFrequency,
                           reference: pitches.referenceFrequency) ?? asked
    }

    func runTrial(_ inputs: inout TrialInputs<Input>.Iterator) async throws {
        let trialSettings = await settings.snapshot()
        var pitches = try TrialPitches(intervals: intervals, settings: trialSettings, random: &random)
        var discipline = TrainingDiscipline.comparison(for: pitches.interval.interval)
        var magnitude = magnitudes[discipline] ?? strategy.initialMagnitude(profileMean: profile?.mean(for: discipline))
        var asked = Bool.random(using: &random) ? magnitude : -magnitude
        var centOffset = heardOffset(pitches, asked: asked)
        // A synth's whole-cent steps can leave a tiny difference on the wrong side of zero:
        // such a trial has no right answer, so other notes are drawn (rarely more than once).
        for _ in 0..<8 where (centOffset.rawValue > 0) != (asked.rawValue > 0) || centOffset.rawValue == 0 {
            pitches = try TrialPitches(intervals: intervals, settings: trialSettings, random: &random)
            discipline = TrainingDiscipline.comparison(for: pitches.interval.interval)
            magnitude = magnitudes[discipline] ?? strategy.initialMagnitude(profileMean: profile?.mean(for: discipline))
            asked = Bool.random(using: &random) ? magnitude : -magnitude
            centOffset = heardOffset(pitches, asked: asked)
        }
        trialNumber += 1
        let trial = PitchComparisonTrial(
            number: trialNumber, referenceNote: pitches.referenceNote, targetNote: pitches.targetNote,
            interval: pitches.interval, tuningSystem: trialSettings.tuningSystem, centOffset: centOffset,
            referenceFrequency: pitches.referenceFrequency,
            targetFrequency: pitches.targetFrequency.shifted(by: asked),
            targetAmplitude: trialSettings.loudnessOffset(random: &random))
        live.withLock { live in
            live.trial = trial
            live.answered = false
            live.target = nil
        }
        broadcaster.publish(.trialStarted(trial))

        transition(to: .playingNote1)
        try await player.play(frequency: trial.referenceFrequency, duration: trialSettings.noteDuration.duration,
                              velocity: trialSettings.velocity, amplitude: .zero)
        if trialSettings.noteGap.seconds > 0 {
            try await clock.sleep(for: trialSettings.noteGap.duration)
        }
        try Task.checkCancellation()

        let (higher, source) = try await playTargetAndAwaitAnswer(trial, trialSettings, &inputs)
        let record = PitchComparisonRecord(
            timestamp: now(), referenceNote: trial.referenceNote, targetNote: trial.targetNote,
            interval: trial.interval.interval, tuningSystem: trial.tuningSystem, centOffset: centOffset,
            isCorrect: higher == (centOffset.rawValue > 0))
        try Task.checkCancellation()
        for observer in observers { try await observer.pitchComparisonCompleted(record, answeredBy: source) }

        magnitudes[discipline] = strategy.nextMagnitude(after: magnitude, wasCorrect: record.isCorrect)
        if record.isCorrect, sessionBest.map({ centOffset.magnitude < $0 }) ?? true {
            sessionBest = centOffset.magnitude
        }
        broadcaster.publish(.trialCompleted(record, sessionBest: sessionBest))
        transition(to: .showingFeedback)
        try await clock.sleep(for: Self.feedbackDuration)
    }

    /// Plays the target; returns the answer, which may come while it sounds (stopping it) or after.
    private func playTargetAndAwaitAnswer(
        _ trial: PitchComparisonTrial, _ settings: TrainingSettings,
        _ inputs: inout TrialInputs<Input>.Iterator
    ) async throws -> (higher: Bool, source: AnswerSource?) {
        let player = self.player
        let broadcaster = self.broadcaster
        // The note-on and the handle an answer stops appear together under the lock, so an
        // answer's note-off can never overtake its note-on.
        let target = try live.withLock { live throws -> any TimedPlaybackHandle in
            let target = try player.startNote(frequency: trial.targetFrequency, duration: settings.noteDuration.duration,
                                              velocity: settings.velocity, amplitude: trial.targetAmplitude)
            live.target = target
            Self.transition(&live, to: .playingNote2, broadcaster)
            return target
        }
        let number = trial.number
        let waiter = Task {
            let result = await Result { () async throws -> Void in try await target.ended() }
            self.yield(number, .targetEnded(result))
        }
        defer { waiter.cancel() }
        while let (inputTrial, input) = await inputs.next(isolation: self) {
            guard inputTrial == number else { continue }
            switch input {
            case .targetEnded(.success):
                live.withLock { live in
                    live.target = nil
                    if live.state == .playingNote2 && !live.answered {
                        Self.transition(&live, to: .awaitingAnswer, broadcaster)
                    }
                }
            case .targetEnded(.failure(let error)):
                if !(error is CancellationError) { throw error }
            case .answer(let higher, let source, let stopped):
                try stopped.get()
                return (higher, source)
            }
        }
        throw CancellationError()
    }

    private nonisolated func yield(_ trial: Int, _ input: Input) {
        live.withLock { _ = $0.inputs?.yield((trial, input)) }
    }

    private func transition(to newState: PitchComparisonState) {
        let broadcaster = self.broadcaster
        live.withLock { Self.transition(&$0, to: newState, broadcaster) }
    }

    /// Under the lock, so an input sees the state and what goes with it together.
    private static func transition(_ live: inout Live, to newState: PitchComparisonState,
                                   _ broadcaster: EventBroadcaster<PitchComparisonEvent>) {
        guard newState != live.state else { return }
        live.state = newState
        broadcaster.publish(.stateChanged(newState))
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
