import Foundation

/// Pitch comparison: two notes, "was the second higher or lower?".
///
/// One task runs the trials; it waits on an input stream that `answer(higher:)` and the end of
/// the target note feed, so a session waiting for an answer is suspended and costs no CPU.
public actor PitchComparisonSession: TrialLoopSession {
    public static let feedbackDuration: Duration = .milliseconds(400)

    public private(set) var state: PitchComparisonState = .idle
    /// The smallest cent difference answered correctly since start().
    public private(set) var sessionBest: Cents?

    enum Input: Sendable {
        case answer(higher: Bool)
        case targetEnded(Result<Void, any Error>)
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
    private let broadcaster = EventBroadcaster<PitchComparisonEvent>()

    var runTask: Task<Void, Never>?
    var inputs: TrialInputs<Input>.Continuation?
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

    /// A new stream of every event from now on.
    public nonisolated func events() -> AsyncStream<PitchComparisonEvent> {
        broadcaster.subscribe()
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

    /// The listener's answer. Ignored unless the target note is playing or has played.
    public func answer(higher: Bool) {
        guard state == .playingNote2 || state == .awaitingAnswer else { return }
        inputs?.yield((trialNumber, .answer(higher: higher)))
    }

    /// Stops the session and deletes all training data everywhere (profile, store).
    public func resetAllTrainingData() async throws {
        await stop()
        for resettable in resettables { try await resettable.resetAllTrainingData() }
        sessionBest = nil
        magnitudes = [:]
    }

    // MARK: - The trial loop

    func didEnd(_ reason: SessionStopReason) {
        setState(.idle)
        broadcaster.publish(.stopped(reason))
    }

    func runTrial(_ inputs: inout TrialInputs<Input>.Iterator) async throws {
        await settings.refresh()
        let trialSettings = TrialSettings(settings)
        let pitches = try TrialPitches(intervals: intervals, settings: trialSettings, random: &random)
        let discipline = TrainingDiscipline.comparison(for: pitches.interval.interval)
        let magnitude = magnitudes[discipline] ?? strategy.initialMagnitude(profileMean: profile?.mean(for: discipline))
        let centOffset = Bool.random(using: &random) ? magnitude : -magnitude
        trialNumber += 1
        let trial = PitchComparisonTrial(
            number: trialNumber, referenceNote: pitches.referenceNote, targetNote: pitches.targetNote,
            interval: pitches.interval, tuningSystem: trialSettings.tuningSystem, centOffset: centOffset,
            referenceFrequency: pitches.referenceFrequency,
            targetFrequency: pitches.targetFrequency.shifted(by: centOffset),
            targetAmplitude: trialSettings.loudnessOffset(random: &random))
        broadcaster.publish(.trialStarted(trial))

        setState(.playingNote1)
        try await player.play(frequency: trial.referenceFrequency, duration: trialSettings.noteDuration.duration,
                              velocity: trialSettings.velocity, amplitude: .zero)
        if trialSettings.noteGap.seconds > 0 {
            try await clock.sleep(for: trialSettings.noteGap.duration)
        }
        try Task.checkCancellation()

        let higher = try await playTargetAndAwaitAnswer(trial, trialSettings, &inputs)
        let record = PitchComparisonRecord(
            timestamp: now(), referenceNote: trial.referenceNote, targetNote: trial.targetNote,
            interval: trial.interval.interval, tuningSystem: trial.tuningSystem, centOffset: centOffset,
            isCorrect: higher == (centOffset.rawValue > 0))
        try Task.checkCancellation()
        for observer in observers { try await observer.pitchComparisonCompleted(record) }

        magnitudes[discipline] = strategy.nextMagnitude(after: magnitude, wasCorrect: record.isCorrect)
        if record.isCorrect, sessionBest.map({ magnitude < $0 }) ?? true {
            sessionBest = magnitude
        }
        broadcaster.publish(.trialCompleted(record, sessionBest: sessionBest))
        setState(.showingFeedback)
        try await clock.sleep(for: Self.feedbackDuration)
    }

    /// Plays the target; returns the answer, which may come while it sounds (stopping it) or after.
    private func playTargetAndAwaitAnswer(
        _ trial: PitchComparisonTrial, _ settings: TrialSettings,
        _ inputs: inout TrialInputs<Input>.Iterator
    ) async throws -> Bool {
        let number = trial.number
        let player = self.player
        setState(.playingNote2)
        let target = Task {
            let result = await Result { () async throws -> Void in
                try await player.play(frequency: trial.targetFrequency, duration: settings.noteDuration.duration,
                                      velocity: settings.velocity, amplitude: trial.targetAmplitude)
            }
            self.inputs?.yield((number, .targetEnded(result)))
        }
        do {
            while let (inputTrial, input) = await inputs.next(isolation: self) {
                guard inputTrial == number else { continue }
                switch input {
                case .targetEnded(.success):
                    if state == .playingNote2 { setState(.awaitingAnswer) }
                case .targetEnded(.failure(let error)):
                    if !(error is CancellationError) { throw error }
                case .answer(let higher):
                    target.cancel()
                    await target.value
                    return higher
                }
            }
            throw CancellationError()
        } catch {
            target.cancel()
            await target.value
            throw error
        }
    }

    private func setState(_ newState: PitchComparisonState) {
        guard newState != state else { return }
        state = newState
        broadcaster.publish(.stateChanged(newState))
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
