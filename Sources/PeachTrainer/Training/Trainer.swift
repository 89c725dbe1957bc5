import ALSASequencer
import PeachALSA
import PeachCore
import PeachTerminal

/// Runs `peach train`: one session at a time (the mode's), fed by the controller and the
/// terminal keys, reported to a presenter, until the trial limit, a quit command or `finish()`.
///
/// Everything is event-driven: the controller's events, the keys and the session's events each
/// arrive on a stream, and between them the trainer is suspended. The one timer is the pitch
/// wheel's, and it runs only while the wheel is held off centre in a matching trial.
public actor Trainer {
    public typealias SessionFactory = @Sendable (TrainingMode) throws -> ActiveSession

    /// Why `run` returned.
    public enum Outcome: Sendable, Equatable {
        /// The trial limit was reached, the user quit, or `finish()` was called.
        case finished(completedTrials: Int)
        /// The session failed for a reason training cannot go on from (e.g. the store).
        case failed(reason: String, completedTrials: Int)
    }

    private let makeSession: SessionFactory
    private let presenter: any TrainingPresenter
    private let cue: (any FeedbackCuePlaying)?
    private let feedback: FeedbackCueSettings
    private let trialLimit: Int?
    private let describePorts: @Sendable () -> (output: String, input: String?)
    private let controllerSettings: @Sendable () -> ControllerSettings
    private let sequencerNow: @Sendable () -> UInt64?
    private let answered: @Sendable (AnswerControl) -> Void
    private let isFatal: @Sendable (any Error) -> Bool
    private let reconnect: @Sendable ([PortRole: SequencerAddress]) async throws -> Void
    private let clock: any Clock<Duration>

    private(set) var mode: TrainingMode
    private var session: ActiveSession?
    private var sessionEvents: Task<Void, Never>?
    private var mapping: ControllerMapping
    private var keys = TerminalKeyMapping()
    private var wheelTicker: Task<Void, Never>?
    /// Whether the user paused with start/stop (a lost port pauses too, but not this way).
    private var paused = false
    private var startedTrials = 0
    private var completedTrials = 0
    private var failure: String?
    /// The session ended on its own (e.g. its synth went away); a hot-plug restart revives it.
    private var endedByFailure = false
    private var finishing = false
    private var finished: CheckedContinuation<Void, Never>?
    private var finishRequested = false

    /// - Parameters:
    ///   - makeSession: builds the session of a mode (player, settings, observers, strategy).
    ///   - controllerSource: the controller's port; events from elsewhere are ignored.
    ///   - controllerSettings: the current mapping settings, re-read at every trial.
    ///   - sequencerNow: the queue time the controller's events are stamped with, for the
    ///     pitch wheel's rate mode.
    ///   - answered: told which control gave each answer or commit (for the records' rig context).
    ///   - isFatal: whether a session failure ends the run (a lost synth does not: the hot-plug
    ///     supervisor resumes training when it is back).
    ///   - reconnect: subscribes to ports that came back and sets the synth up again.
    public init(
        mode: TrainingMode,
        trialLimit: Int?,
        makeSession: @escaping SessionFactory,
        presenter: any TrainingPresenter,
        cue: (any FeedbackCuePlaying)?,
        feedback: FeedbackCueSettings,
        controllerSource: SequencerAddress?,
        controllerSettings: @escaping @Sendable () -> ControllerSettings,
        describePorts: @escaping @Sendable () -> (output: String, input: String?),
        sequencerNow: @escaping @Sendable () -> UInt64? = { nil },
        answered: @escaping @Sendable (AnswerControl) -> Void = { _ in },
        isFatal: @escaping @Sendable (any Error) -> Bool = { _ in true },
        reconnect: @escaping @Sendable ([PortRole: SequencerAddress]) async throws -> Void = { _ in },
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.mode = mode
        self.trialLimit = trialLimit
        self.makeSession = makeSession
        self.presenter = presenter
        self.cue = cue
        self.feedback = feedback
        self.controllerSettings = controllerSettings
        self.describePorts = describePorts
        self.sequencerNow = sequencerNow
        self.answered = answered
        self.isFatal = isFatal
        self.reconnect = reconnect
        self.clock = clock
        self.mapping = ControllerMapping(settings: controllerSettings(), source: controllerSource)
    }

    /// Trains until the trial limit, a quit command, a fatal failure or `finish()`. The inputs
    /// are read until then; either may be nil (no controller, no terminal).
    public func run(controller: AsyncStream<SequencerEvent>?, keys: AsyncStream<TerminalKey>?) async -> Outcome {
        let readers = [
            controller.map { events in Task { for await event in events { await self.handle(event) } } },
            keys.map { keys in Task { for await key in keys { await self.handle(key) } } },
        ].compactMap { $0 }
        // finish() may come before run (a signal during the start-up): then nothing sounds.
        if !finishRequested {
            do {
                try await begin(mode)
            } catch {
                failure = "cannot start \(mode) training: \(error)"
            }
        }
        if failure == nil && !finishRequested {
            await withCheckedContinuation { finished = $0 }
        }
        readers.forEach { $0.cancel() }
        await tearDown()
        if let failure { return .failed(reason: failure, completedTrials: completedTrials) }
        return .finished(completedTrials: completedTrials)
    }

    /// Ends the run: the unfinished trial is discarded and every note silenced. Safe to call
    /// at any time and more than once (the signal handler calls it).
    public func finish() {
        finishRequested = true
        finished?.resume()
        finished = nil
    }

    // MARK: - Sessions

    private func begin(_ newMode: TrainingMode) async throws {
        mode = newMode
        let session = try makeSession(newMode)
        self.session = session
        mapping.session = session.mappingSession
        keys.session = session.mappingSession
        await endSessionEvents()
        sessionEvents = subscribe(to: session)
        let ports = describePorts()
        let intervals: [DirectedInterval]
        switch session {
        case .comparison(let comparison): intervals = comparison.intervals
        case .matching(let matching): intervals = matching.intervals
        }
        await presenter.present(.started(mode: newMode, intervals: intervals, output: ports.output, input: ports.input))
        paused = false
        endedByFailure = false
        await session.start()
    }

    /// Subscribes before the session starts, so its first events are not missed.
    private func subscribe(to session: ActiveSession) -> Task<Void, Never> {
        switch session {
        case .comparison(let comparison):
            let events = comparison.events()
            return Task { for await event in events { await self.comparisonEvent(event) } }
        case .matching(let matching):
            let events = matching.events()
            return Task { for await event in events { await self.matchingEvent(event) } }
        }
    }

    /// Lets the events a stopped session has already published reach the presenter before
    /// anything that follows it (the next mode's start, the run's end): a cancelled stream
    /// still hands out what it holds, and an actor's awaits would otherwise let those
    /// events in after the next report.
    private func endSessionEvents() async {
        guard let task = sessionEvents else { return }
        sessionEvents = nil
        task.cancel()
        await task.value
    }

    private func tearDown() async {
        finishing = true
        wheelTicker?.cancel()
        wheelTicker = nil
        await session?.stop()
        await endSessionEvents()
        await cue?.silence()
        await presenter.present(.finished(completedTrials: completedTrials))
    }

    // MARK: - Session events

    private func comparisonEvent(_ event: PitchComparisonEvent) async {
        switch event {
        case .trialStarted(let trial):
            startedTrials += 1
            refreshMapping()
            mapping.targetChanged(trial.targetNote)
            await presenter.present(.comparisonTrialStarted(trial))
        case .stateChanged(let state):
            await presenter.present(.comparisonStateChanged(state, trial: startedTrials))
        case .trialCompleted(let record, let best):
            completedTrials += 1
            await cue?.play(feedback.note(correct: record.isCorrect))
            let trend = await trend(for: .comparison(for: record.interval))
            await presenter.present(.comparisonCompleted(record, trial: startedTrials, sessionBest: best, trend: trend))
            await stopIfLimitReached()
        case .stopped(let reason):
            await sessionStopped(reason)
        }
    }

    private func matchingEvent(_ event: PitchMatchingEvent) async {
        switch event {
        case .trialStarted(let trial):
            startedTrials += 1
            refreshMapping()
            mapping.trialStarted()
            keys.trialStarted()
            stopWheelTicker()
            await presenter.present(.matchingTrialStarted(trial))
        case .stateChanged(let state):
            await presenter.present(.matchingStateChanged(state, trial: startedTrials))
        case .tunableAdjusted(let offset):
            await presenter.present(.matchingAdjusted(offset: offset, trial: startedTrials))
        case .trialCompleted(let record, let best):
            completedTrials += 1
            stopWheelTicker()
            await cue?.play(feedback.note(matchError: record.userCentError))
            let trend = await trend(for: .matching(for: record.interval))
            await presenter.present(.matchingCompleted(record, trial: startedTrials, sessionBest: best, trend: trend))
            await stopIfLimitReached()
        case .stopped(let reason):
            await sessionStopped(reason)
        }
    }

    private var trendSource: (@Sendable (TrainingDiscipline) -> Trend?)?

    /// Where the status line's trend comes from (the profile, which has just taken the record).
    public func setTrendSource(_ source: @escaping @Sendable (TrainingDiscipline) -> Trend?) {
        trendSource = source
    }

    private func trend(for discipline: TrainingDiscipline) async -> Trend? {
        trendSource?(discipline)
    }

    /// The last trial's feedback still rings (the cue, the status line), but no next trial starts.
    private func stopIfLimitReached() async {
        guard let trialLimit, completedTrials >= trialLimit, !finishing else { return }
        finishing = true
        await session?.stop()
        try? await clock.sleep(for: PitchComparisonSession.feedbackDuration)
        finish()
    }

    private func sessionStopped(_ reason: SessionStopReason) async {
        switch reason {
        case .requested:
            if !finishing { await presenter.present(.stopped(mode: mode, problem: nil)) }
        case .failed(let error):
            await presenter.present(.stopped(mode: mode, problem: String(describing: error)))
            endedByFailure = true
            if isFatal(error) {
                failure = "training stopped: \(error)"
                finish()
            }
        }
    }

    private func refreshMapping() {
        mapping.update(settings: controllerSettings())
    }

    // MARK: - Inputs

    private func handle(_ event: SequencerEvent) async {
        let inputs = mapping.map(event)
        if !inputs.isEmpty, let control = AnswerControl(event) { lastControl = control }
        await route(inputs, from: lastControl)
        updateWheelTicker()
    }

    private var lastControl: AnswerControl?

    private func handle(_ key: TerminalKey) async {
        await route(keys.map(key), from: .terminal)
    }

    private func route(_ inputs: [ControllerInput], from control: AnswerControl?) async {
        for input in inputs {
            switch input {
            case .command(let command):
                await perform(command)
            case .answer, .commit:
                guard !paused, let session else { continue }
                if let control { answered(control) }
                await session.route(input)
            case .touch, .adjust:
                guard !paused, let session else { continue }
                await session.route(input)
            }
        }
    }

    private func perform(_ command: ControllerCommand) async {
        guard !finishing else { return }
        switch command {
        case .quit:
            finish()
        case .startStop:
            guard let session else { return }
            if paused {
                paused = false
                await presenter.present(.notice("training goes on"))
                await session.start()
            } else {
                paused = true
                await session.stop()  // reported as stopped without a problem: paused
            }
        case .nextMode:
            stopWheelTicker()
            await session?.stop()
            do {
                try await begin(mode.next)
            } catch {
                failure = "cannot switch to \(mode.next) training: \(error)"
                finish()
            }
        }
    }

    // MARK: - The pitch wheel's rate mode

    /// Ticks every 10 ms while the wheel is held off centre; stops when it is centred again.
    private func updateWheelTicker() {
        guard mapping.pitchWheelCentsPerSecond != 0 else {
            stopWheelTicker()
            return
        }
        guard wheelTicker == nil else { return }
        let clock = self.clock
        wheelTicker = Task {
            while !Task.isCancelled {
                do { try await clock.sleep(for: .milliseconds(10)) } catch { return }
                guard await self.advanceWheel() else { return }
            }
        }
    }

    /// Returns whether to keep ticking.
    private func advanceWheel() async -> Bool {
        guard let now = sequencerNow(), mapping.pitchWheelCentsPerSecond != 0 else {
            wheelTicker = nil
            return false
        }
        await route(mapping.advance(to: now), from: .pitchWheel)
        return true
    }

    private func stopWheelTicker() {
        wheelTicker?.cancel()
        wheelTicker = nil
    }
}

// MARK: - Hot-plug

extension Trainer: HotPlugTarget {
    public func portLost(_ message: String) async -> Bool {
        await presenter.present(.notice(message))
        guard let session, !paused, !finishing else { return false }
        let wasRunning = await session.isRunning
        stopWheelTicker()
        await session.stop()
        return wasRunning || endedByFailure
    }

    public func portsReturned(_ addresses: [PortRole: SequencerAddress], restart: Bool) async throws {
        try await reconnect(addresses)
        if let input = addresses[.input] { mapping.source = input }
        await presenter.present(.notice("all ports are back" + (restart ? "; training goes on" : "")))
        if restart, !paused, !finishing {
            endedByFailure = false
            await session?.start()
        }
    }
}
