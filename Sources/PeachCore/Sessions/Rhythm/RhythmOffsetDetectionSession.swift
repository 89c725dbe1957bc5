import Foundation
import Synchronization

/// Rhythm offset detection: four sixteenths, the fourth early or late; "which was it?".
///
/// Early and late run independent Kazez tracks in percent of a sixteenth (per tempo, as the
/// tempo may change between trials); each trial picks its side at random. The four clicks go
/// to the player as one schedule, and the loop waits on the player's clock for the fourth:
/// an answer counts from the moment it sounds, taken synchronously from any thread.
public actor RhythmOffsetDetectionSession: TrialLoopSession {
    public static let feedbackDuration: Duration = .milliseconds(400)

    enum Input: Sendable {
        case answer(early: Bool, source: AnswerSource?)
    }

    /// What answers are checked against, behind a lock: any thread may answer.
    private struct Live: Sendable {
        var state: RhythmOffsetDetectionState = .idle
        var trial: RhythmOffsetDetectionTrial?
        var answered = false
        var inputs: TrialInputs<Input>.Continuation?
    }

    private let player: any RhythmPlayer
    private let settings: any UserSettings
    private let strategy: any RhythmDifficultyStrategy
    private let profile: (any RhythmProfileMeanProviding)?
    private let observers: [any RhythmOffsetDetectionObserver]
    private let resettables: [any TrainingDataResetting]
    private let clock: any Clock<Duration>
    private let now: @Sendable () -> Date
    private var random: SessionRandom
    private nonisolated let broadcaster = EventBroadcaster<RhythmOffsetDetectionEvent>()
    private nonisolated let live = Mutex(Live())

    var runTask: Task<Void, Never>?
    private var trialNumber = 0
    /// Each track's current offset in percent of a sixteenth; a side's first trial in a run
    /// starts from the profile.
    private var percents: [RhythmProfileKey: Double] = [:]
    /// The tempo of the latest trial: where `currentPercent(for:)` looks.
    private var latestTempo: TempoBPM?

    public init(
        player: any RhythmPlayer,
        settings: any UserSettings,
        strategy: any RhythmDifficultyStrategy = RhythmKazezStrategy(),
        profile: (any RhythmProfileMeanProviding)? = nil,
        observers: [any RhythmOffsetDetectionObserver] = [],
        resettables: [any TrainingDataResetting] = [],
        clock: any Clock<Duration> = ContinuousClock(),
        random: SessionRandom = SessionRandom(),
        now: @escaping @Sendable () -> Date = Date.init
    ) {
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
    public nonisolated var state: RhythmOffsetDetectionState { live.withLock { $0.state } }

    /// The trial that is running (from its start until the session stops), if any.
    public nonisolated var currentTrial: RhythmOffsetDetectionTrial? { live.withLock { $0.trial } }

    /// A new stream of every event from now on.
    public nonisolated func events() -> AsyncStream<RhythmOffsetDetectionEvent> {
        broadcaster.subscribe()
    }

    /// Calls `handler` with every event from now on, synchronously and in order, on the thread
    /// that caused it. It must not block or call back into the session.
    public nonisolated func observeEvents(_ handler: @escaping @Sendable (RhythmOffsetDetectionEvent) -> Void) {
        broadcaster.observe(handler)
    }

    /// Each side's current offset at the latest trial's tempo, in percent of a sixteenth (nil
    /// before the side's first answer in this run).
    public func currentPercent(for direction: RhythmDirection) -> Double? {
        guard let latestTempo else { return nil }
        return percents[RhythmProfileKey(discipline: .offsetDetection, tempo: latestTempo, direction: direction)]
    }

    /// Starts training; does nothing when already running.
    public func start() {
        guard runTask == nil else { return }
        percents = [:]
        startLoop()
    }

    /// Withdraws the clicks, discards the unfinished trial and returns to idle.
    public func stop() async {
        await stopLoop()
    }

    /// The listener's answer, from any thread: counts once per trial, from the moment the
    /// fourth click sounds; ignored before it, during the feedback and between trials.
    /// Returns whether it counted.
    @discardableResult
    public nonisolated func answer(early: Bool, from source: AnswerSource? = nil) -> Bool {
        judgedAnswer(early: early, from: source) != nil
    }

    /// `answer(early:from:)`, telling whether it was right (nil: not counted). `reaction` (the
    /// feedback cue) is told first, before the trial loop is woken, so it leaves first.
    public nonisolated func judgedAnswer(early: Bool, from source: AnswerSource? = nil,
                                         reaction: ((Bool) -> Void)? = nil) -> Bool? {
        live.withLock { live in
            guard !live.answered, live.state == .awaitingAnswer, let trial = live.trial,
                  let inputs = live.inputs else { return nil }
            live.answered = true
            let correct = (trial.offset.direction == .early) == early
            reaction?(correct)
            inputs.yield((trial.number, .answer(early: early, source: source)))
            return correct
        }
    }

    /// Stops the session and deletes all training data everywhere (profile, store).
    public func resetAllTrainingData() async throws {
        await stop()
        for resettable in resettables { try await resettable.resetAllTrainingData() }
        percents = [:]
    }

    // MARK: - The trial loop

    nonisolated func setInputs(_ continuation: TrialInputs<Input>.Continuation?) {
        live.withLock { live in
            live.inputs?.finish()
            live.inputs = continuation
            if continuation == nil { live.trial = nil }
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
        let settings = await self.settings.snapshot()
        let tempo = settings.rhythmTempo
        latestTempo = tempo
        let direction: RhythmDirection = Bool.random(using: &random) ? .early : .late
        let key = RhythmProfileKey(discipline: .offsetDetection, tempo: tempo, direction: direction)
        let percent = percents[key] ?? strategy.initialPercent(profileMean: profile?.mean(for: key))
        let offset = try RhythmOffset(percentOfSixteenth: direction == .early ? -percent : percent, at: tempo)

        let schedule = try player.schedule(try .sixteenths(4, at: tempo, lastOffset: offset, velocity: settings.rhythmClickVelocity))
        trialNumber += 1
        let trial = RhythmOffsetDetectionTrial(number: trialNumber, tempo: tempo, offset: offset, schedule: schedule)
        live.withLock { live in
            live.trial = trial
            live.answered = false
        }
        broadcaster.publish(.trialStarted(trial))
        transition(to: .playingClicks)
        try await player.sleep(until: schedule.last)
        transition(to: .awaitingAnswer)

        let (early, source) = try await awaitAnswer(trial, &inputs)
        let record = RhythmOffsetDetectionRecord(timestamp: now(), tempo: tempo, offset: offset,
                                                 isCorrect: early == (offset.direction == .early))
        try Task.checkCancellation()
        for observer in observers { try await observer.rhythmOffsetDetectionCompleted(record, answeredBy: source) }

        percents[key] = strategy.nextPercent(after: percent, wasCorrect: record.isCorrect)
        broadcaster.publish(.trialCompleted(record))
        transition(to: .showingFeedback)
        try await clock.sleep(for: Self.feedbackDuration)
    }

    private func awaitAnswer(_ trial: RhythmOffsetDetectionTrial,
                             _ inputs: inout TrialInputs<Input>.Iterator) async throws -> (Bool, AnswerSource?) {
        while let (inputTrial, input) = await inputs.next(isolation: self) {
            guard inputTrial == trial.number else { continue }
            switch input {
            case .answer(let early, let source): return (early, source)
            }
        }
        throw CancellationError()
    }

    private func transition(to newState: RhythmOffsetDetectionState) {
        let broadcaster = self.broadcaster
        live.withLock { live in
            guard newState != live.state else { return }
            live.state = newState
            broadcaster.publish(.stateChanged(newState))
        }
    }
}
