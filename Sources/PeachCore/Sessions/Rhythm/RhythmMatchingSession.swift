import Foundation
import Synchronization

/// Rhythm matching: three sixteenths play, the user taps the fourth.
///
/// The three clicks go to the player as one schedule; a tap arrives with the instant it
/// happened on the player's clock (the kernel's stamp), so its offset does not depend on when
/// a thread got round to reading it. A tap counts once per trial when it lies nearer the fourth
/// sixteenth than the grid's neighbours (within half a sixteenth either way); a trial whose
/// window closes without one is discarded and the next begins. After `unansweredLimit` such
/// trials in a row without any tap at all (not even one outside the window) the session stops
/// with `.unanswered`: a musician who walked away should not come back to clicks that never
/// ended, and one who taps but misses the window is still playing.
///
/// With a `tapLatency` (the rig's calibration, `peach calibrate`), every tap's stamp is moved
/// back by it before anything else: the window, the offset and the record all see the instant
/// the user meant, so a tap late by exactly the rig's delay is on time.
public actor RhythmMatchingSession: TrialLoopSession {
    public static let feedbackDuration: Duration = .milliseconds(400)
    /// How long after the window's end the session still waits for a tap stamped inside it:
    /// the stamp is taken on arrival, reading it is up to a thread the system may delay.
    public static let deliveryAllowance: Duration = .milliseconds(30)
    /// Trials in a row without a tap after which the session stops (three: about six seconds at
    /// 80 BPM, long enough for a sip of water, short enough that nobody is clicked at for long).
    public static let unansweredLimit = 3

    enum Input: Sendable {
        case tapped(RhythmOffset, source: AnswerSource?)
        case windowClosed
        case failed(any Error)
    }

    /// What taps are checked against, behind a lock: any thread may tap.
    private struct Live: Sendable {
        var state: RhythmMatchingState = .idle
        var trial: RhythmMatchingTrial?
        var tapped = false
        var closed = false
        /// A tap came since the last trial was judged, counted or not: someone is playing.
        var touched = false
        var inputs: TrialInputs<Input>.Continuation?
    }

    private let player: any RhythmPlayer
    /// Subtracted from every tap's stamp; nil judges taps as stamped.
    public nonisolated let tapLatency: TapLatency?
    private let settings: any UserSettings
    private let observers: [any RhythmMatchingObserver]
    private let resettables: [any TrainingDataResetting]
    private let clock: any Clock<Duration>
    private let now: @Sendable () -> Date
    private nonisolated let broadcaster = EventBroadcaster<RhythmMatchingEvent>()
    private nonisolated let live = Mutex(Live())

    var runTask: Task<Void, Never>?
    private var trialNumber = 0
    /// Trials in a row that closed without any tap.
    private var unanswered = 0

    public init(
        player: any RhythmPlayer,
        settings: any UserSettings,
        tapLatency: TapLatency? = nil,
        observers: [any RhythmMatchingObserver] = [],
        resettables: [any TrainingDataResetting] = [],
        clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.player = player
        self.settings = settings
        self.tapLatency = tapLatency
        self.observers = observers
        self.resettables = resettables
        self.clock = clock
        self.now = now
    }

    /// The current state; readable from any thread.
    public nonisolated var state: RhythmMatchingState { live.withLock { $0.state } }

    /// The trial that is running (from its start until the session stops), if any.
    public nonisolated var currentTrial: RhythmMatchingTrial? { live.withLock { $0.trial } }

    /// A new stream of every event from now on.
    public nonisolated func events() -> AsyncStream<RhythmMatchingEvent> {
        broadcaster.subscribe()
    }

    /// Calls `handler` with every event from now on, synchronously and in order, on the thread
    /// that caused it. It must not block or call back into the session.
    public nonisolated func observeEvents(_ handler: @escaping @Sendable (RhythmMatchingEvent) -> Void) {
        broadcaster.observe(handler)
    }

    /// Starts training; does nothing when already running.
    public func start() {
        guard runTask == nil else { return }
        unanswered = 0
        live.withLock { $0.touched = false }
        startLoop()
    }

    /// Withdraws the clicks, discards the unfinished trial and returns to idle.
    public func stop() async {
        await stopLoop()
    }

    /// A tap that happened at `instant` on the player's clock, from any thread. Counts once per
    /// trial when it lies in the trial's window (after subtracting `tapLatency`) and the window
    /// has not closed; anything else (playing along with the clicks, a tap during the feedback)
    /// is ignored. Returns whether it counted.
    @discardableResult
    public nonisolated func tap(at stamp: RhythmInstant, from source: AnswerSource? = nil) -> Bool {
        countedTap(at: stamp, from: source) != nil
    }

    /// `tap(at:from:)`, giving the counted tap's offset (nil: not counted). `reaction` (the
    /// feedback cue) is told first, before the trial loop is woken, so it leaves first.
    public nonisolated func countedTap(at stamp: RhythmInstant, from source: AnswerSource? = nil,
                                       reaction: ((RhythmOffset, RhythmMatchingTrial) -> Void)? = nil) -> RhythmOffset? {
        let instant = tapLatency.map { stamp.advanced(by: .zero - $0.duration) } ?? stamp
        return live.withLock { live in
            if live.inputs != nil { live.touched = true }
            guard let trial = live.trial, !live.tapped, !live.closed,
                  live.state == .playingClicks || live.state == .awaitingTap, let inputs = live.inputs else { return nil }
            let offset = RhythmOffset(from: trial.expected, to: instant)
            guard trial.window.contains(instant) else {
                // Said, so a musician a beat off (or a rig whose latency is not calibrated) learns why.
                if instant > trial.schedule.last { broadcaster.publish(.tapOutsideWindow(offset)) }
                return nil
            }
            live.tapped = true
            reaction?(offset, trial)
            inputs.yield((trial.number, .tapped(offset, source: source)))
            return offset
        }
    }

    /// Stops the session and deletes all training data everywhere (profile, store).
    public func resetAllTrainingData() async throws {
        await stop()
        for resettable in resettables { try await resettable.resetAllTrainingData() }
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
        let schedule = try player.schedule(try .sixteenths(3, at: tempo, velocity: settings.rhythmClickVelocity))
        let expected = schedule.last.advanced(by: tempo.sixteenth)
        let half = tempo.sixteenth / 2
        trialNumber += 1
        let window = expected.advanced(by: .zero - half)...expected.advanced(by: half)
        // A tap meant for the window's end is stamped a latency later (never earlier: a negative
        // latency only brings stamps forward), and read after the delivery allowance.
        let closing = window.upperBound.advanced(by: max(.zero, tapLatency?.duration ?? .zero) + Self.deliveryAllowance)
        let trial = RhythmMatchingTrial(number: trialNumber, tempo: tempo, schedule: schedule, expected: expected,
                                        window: window, closing: closing)
        live.withLock { live in
            live.trial = trial
            live.tapped = false
            live.closed = false
        }
        broadcaster.publish(.trialStarted(trial))
        transition(to: .playingClicks)
        try await player.sleep(until: schedule.last)
        transition(to: .awaitingTap)

        let tap = try await awaitTap(trial, &inputs)
        let touched = live.withLock { live in
            defer { live.touched = false }
            return live.touched
        }
        unanswered = touched ? 0 : unanswered + 1
        guard let (offset, source) = tap else {
            broadcaster.publish(.tapMissed(trial))
            if unanswered >= Self.unansweredLimit { throw UnansweredTrials(trials: unanswered) }
            transition(to: .showingFeedback)
            try await clock.sleep(for: Self.feedbackDuration)
            return
        }
        let record = RhythmMatchingRecord(timestamp: now(), tempo: tempo, userOffset: offset)
        try Task.checkCancellation()
        for observer in observers { try await observer.rhythmMatchingCompleted(record, answeredBy: source) }
        broadcaster.publish(.trialCompleted(record))
        transition(to: .showingFeedback)
        try await clock.sleep(for: Self.feedbackDuration)
    }

    /// The counted tap's offset and control, or nil when the window closed without one.
    private func awaitTap(_ trial: RhythmMatchingTrial,
                          _ inputs: inout TrialInputs<Input>.Iterator) async throws -> (RhythmOffset, AnswerSource?)? {
        let player = self.player
        let closing = trial.closing
        let waiter = Task {
            do {
                try await player.sleep(until: closing)
                self.closeWindow(of: trial.number)
            } catch is CancellationError {
            } catch {
                self.yield(trial.number, .failed(error))
            }
        }
        defer { waiter.cancel() }
        while let (inputTrial, input) = await inputs.next(isolation: self) {
            guard inputTrial == trial.number else { continue }
            switch input {
            case .tapped(let offset, let source): return (offset, source)
            case .windowClosed: return nil
            case .failed(let error): throw error
            }
        }
        throw CancellationError()
    }

    /// Closes the window unless a tap came first, both under the lock: a tap either counts or
    /// finds the window closed, never both.
    private nonisolated func closeWindow(of number: Int) {
        live.withLock { live in
            guard live.trial?.number == number, !live.tapped else { return }
            live.closed = true
            live.inputs?.yield((number, .windowClosed))
        }
    }

    private nonisolated func yield(_ trial: Int, _ input: Input) {
        live.withLock { _ = $0.inputs?.yield((trial, input)) }
    }

    private func transition(to newState: RhythmMatchingState) {
        let broadcaster = self.broadcaster
        live.withLock { live in
            guard newState != live.state else { return }
            live.state = newState
            broadcaster.publish(.stateChanged(newState))
        }
    }
}
