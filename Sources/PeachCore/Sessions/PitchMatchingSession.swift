import Foundation

/// Pitch matching: hear a reference, then tune a note to it (or to an interval above/below it).
///
/// The control is abstract: `touch()` is its first movement (only then does the tunable note
/// start), `adjust(to:)` its position in −1…1, `commit()` the explicit "that's it" action.
public actor PitchMatchingSession: TrialLoopSession {
    public static let feedbackDuration: Duration = .milliseconds(400)
    /// How far the initial offset may lie from the target, either way.
    public static let initialOffsetSpan: Cents = 20
    /// How far a full control deflection moves the note from its initial offset.
    public static let controlSpan: Cents = 20

    public private(set) var state: PitchMatchingState = .idle
    /// The smallest |userCentError| since start().
    public private(set) var sessionBest: Cents?

    enum Input: Sendable {
        case touch
        case adjust(Double)
        case commit
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
    private let broadcaster = EventBroadcaster<PitchMatchingEvent>()

    var runTask: Task<Void, Never>?
    var inputs: TrialInputs<Input>.Continuation?
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

    /// A new stream of every event from now on.
    public nonisolated func events() -> AsyncStream<PitchMatchingEvent> {
        broadcaster.subscribe()
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

    /// The first movement of the control. Starts the tunable note; ignored in other states.
    public func touch() {
        guard state == .awaitingTouch else { return }
        inputs?.yield((trialNumber, .touch))
    }

    /// The control's position, −1…1 (values beyond are clamped; a non-finite one is ignored).
    /// Moves the tunable note to initial offset + value × 20 cents.
    public func adjust(to value: Double) {
        guard value.isFinite, state == .awaitingTouch || state == .playingTunable else { return }
        inputs?.yield((trialNumber, .adjust(min(max(value, -1), 1))))
    }

    /// Ends the attempt at the current pitch and records it.
    public func commit() {
        guard state == .awaitingTouch || state == .playingTunable else { return }
        inputs?.yield((trialNumber, .commit))
    }

    /// Stops the session and deletes all training data everywhere (profile, store).
    public func resetAllTrainingData() async throws {
        await stop()
        for resettable in resettables { try await resettable.resetAllTrainingData() }
        sessionBest = nil
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
        let span = Self.initialOffsetSpan.rawValue
        trialNumber += 1
        let trial = PitchMatchingTrial(
            number: trialNumber, referenceNote: pitches.referenceNote, targetNote: pitches.targetNote,
            interval: pitches.interval, tuningSystem: trialSettings.tuningSystem,
            initialCentOffset: Cents(unchecked: Double.random(in: -span...span, using: &random)),
            referenceFrequency: pitches.referenceFrequency, targetFrequency: pitches.targetFrequency,
            tunableAmplitude: trialSettings.loudnessOffset(random: &random))
        broadcaster.publish(.trialStarted(trial))

        setState(.playingReference)
        try await player.play(frequency: trial.referenceFrequency, duration: trialSettings.noteDuration.duration,
                              velocity: trialSettings.velocity, amplitude: .zero)
        try Task.checkCancellation()
        setState(.awaitingTouch)

        let userFrequency = try await tune(trial, velocity: trialSettings.velocity, &inputs)
        let record = PitchMatchingRecord(
            timestamp: now(), referenceNote: trial.referenceNote, targetNote: trial.targetNote,
            interval: trial.interval.interval, tuningSystem: trial.tuningSystem,
            initialCentOffset: trial.initialCentOffset,
            userCentError: userFrequency.cents(above: trial.targetFrequency))
        try Task.checkCancellation()
        for observer in observers { try await observer.pitchMatchingCompleted(record) }

        if sessionBest.map({ record.userCentError.magnitude < $0 }) ?? true {
            sessionBest = record.userCentError.magnitude
        }
        broadcaster.publish(.trialCompleted(record, sessionBest: sessionBest))
        setState(.showingFeedback)
        try await clock.sleep(for: Self.feedbackDuration)
    }

    /// Waits for the touch, then follows the control until commit; returns the committed frequency.
    private func tune(
        _ trial: PitchMatchingTrial, velocity: MIDIVelocity,
        _ inputs: inout TrialInputs<Input>.Iterator
    ) async throws -> Frequency {
        var handle: (any PlaybackHandle)?
        var frequency = trial.targetFrequency.shifted(by: trial.initialCentOffset)
        do {
            while let (inputTrial, input) = await inputs.next(isolation: self) {
                guard inputTrial == trial.number else { continue }
                switch input {
                case .touch:
                    guard handle == nil else { continue }
                    handle = try await player.startNote(frequency: frequency, velocity: velocity,
                                                        amplitude: trial.tunableAmplitude)
                    setState(.playingTunable)
                case .adjust(let value):
                    // Nothing sounds before the touch, so a move before it has nothing to retune.
                    guard let handle else { continue }
                    let offset = trial.centOffset(forControlValue: value)
                    frequency = trial.targetFrequency.shifted(by: offset)
                    try await handle.adjust(to: frequency)
                    broadcaster.publish(.tunableAdjusted(offset: offset))
                case .commit:
                    guard let sounding = handle else { continue }
                    handle = nil
                    try await sounding.stop()
                    return frequency
                }
            }
            throw CancellationError()
        } catch {
            try? await handle?.stop()
            throw error
        }
    }

    private func setState(_ newState: PitchMatchingState) {
        guard newState != state else { return }
        state = newState
        broadcaster.publish(.stateChanged(newState))
    }
}
