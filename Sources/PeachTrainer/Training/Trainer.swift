import ALSASequencer
import PeachALSA
import PeachCore
import PeachRig
import PeachTerminal
import Synchronization

/// Runs `peach train`: one session at a time (the mode's), fed by the controller and the
/// terminal keys, reported to a presenter, until the trial limit, a quit command or `finish()`.
///
/// Everything the trainer acts on (commands, port announcements, signals, the sessions' own
/// events, its timers) arrives on one stream, in the order it happened, and each is handled to
/// completion before the next is looked at: there is exactly one session at any moment, and a
/// mode switch starts the next session only once the last one's final events are reported.
/// Answers and tuning movements do not wait in that stream: `route` hands them to the session
/// on the thread that read them, so their note-off or bend leaves at once.
///
/// Built from a few parts: the input route, the session factory (one session per mode), the
/// presenter, the rig (ports, mapping, reconnecting), the feedback cue, the standings it reads
/// after each trial and the run's tally.
public actor Trainer {
    public typealias SessionFactory = @Sendable (TrainingMode) throws -> ActiveSession

    /// Why `run` returned.
    public enum Outcome: Sendable, Equatable {
        /// The trial limit was reached, the user quit, or `finish()` was called.
        case finished(completedTrials: Int)
        /// The session failed for a reason training cannot go on from (e.g. the store).
        case failed(reason: String, completedTrials: Int)
    }

    /// Where controller events and keys go in (feed it from the sequencer's reader thread).
    public nonisolated let route: InputRoute

    private let makeSession: SessionFactory
    private let presenter: any TrainingPresenter
    private let rig: any TrainerRig
    private let feedback: TrainerFeedback?
    private let standings: any TrainingStandings
    private let trialLimit: Int?
    private let clock: any Clock<Duration>
    private let inbox: AsyncStream<TrainerInput>
    private nonisolated let finishRequested = Atomic(false)

    private(set) var mode: TrainingMode
    private var session: ActiveSession?
    /// Counts sessions, so each event is known to be the current session's.
    private var generation = 0
    /// The session's loop runs (the trainer started it and neither stopped it nor saw it end).
    private var sessionRunning = false
    private var hotPlug: HotPlugSupervisor?
    /// Whether the user paused with start/stop (a lost port pauses too, but not this way).
    private var paused = false {
        didSet { route.setPaused(paused) }
    }
    /// The mode a switch goes to once the last session's final events are reported.
    private var switchingTo: TrainingMode?
    private var tally = RunTally()
    private var failure: String?
    /// The session ended on its own (e.g. its synth went away); a hot-plug restart revives it.
    private var endedByFailure = false
    private var finishing = false
    private var feedbackWait: Task<Void, Never>?

    /// - Parameters:
    ///   - makeSession: builds the session of a mode (player, settings, observers, strategy).
    ///   - feedback: the cue after an answer; nil: none.
    ///   - standings: read after each trial, for the status line and the summary.
    public init(
        mode: TrainingMode,
        trialLimit: Int?,
        makeSession: @escaping SessionFactory,
        presenter: any TrainingPresenter,
        rig: any TrainerRig,
        feedback: TrainerFeedback?,
        standings: any TrainingStandings = NoStandings(),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.mode = mode
        self.trialLimit = trialLimit
        self.makeSession = makeSession
        self.presenter = presenter
        self.rig = rig
        self.feedback = feedback
        self.standings = standings
        self.clock = clock
        let (inbox, continuation) = AsyncStream.makeStream(of: TrainerInput.self)
        self.inbox = inbox
        self.route = InputRoute(mapping: ControllerMapping(settings: rig.controllerSettings(), source: rig.controllerSource),
                                inbox: continuation, inputClock: { rig.inputTime() }, clock: clock,
                                judgedCue: feedback?.judged)
    }

    /// Port announcements (from `route`) go to `supervisor`, which tells this trainer when a
    /// watched port goes and comes back.
    public func supervise(with supervisor: HotPlugSupervisor) {
        hotPlug = supervisor
    }

    /// Trains until the trial limit, a quit command, a fatal failure or `finish()`. Controller
    /// events reach `route` from their reader; the keys, if any, are read here.
    public func run(keys: AsyncStream<TerminalKey>? = nil) async -> Outcome {
        let route = self.route
        let keyReader = keys.map { keys in Task { for await key in keys { route.receive(key) } } }
        // finish() may come before run (a signal during the start-up): then nothing sounds.
        if !finishRequested.load(ordering: .acquiring) {
            do {
                try await begin(mode)
            } catch {
                failure = "cannot start \(mode) training: \(error)"
            }
            if failure == nil {
                for await input in inbox {
                    if case .endOfRun = input { break }
                    await handle(input)
                }
            }
        }
        keyReader?.cancel()
        await tearDown()
        if let failure { return .failed(reason: failure, completedTrials: tally.completedTrials) }
        return .finished(completedTrials: tally.completedTrials)
    }

    /// Ends the run: the unfinished trial is discarded and every note silenced. Safe to call
    /// from any thread, at any time and more than once (the signal handler calls it).
    public nonisolated func finish() {
        finishRequested.store(true, ordering: .releasing)
        route.post(.finish)
    }

    /// The process is about to stop (Ctrl-Z): training pauses, as with start/stop, and `done`
    /// is called once the pause has been reported (at once when nothing runs). Safe to call from
    /// any thread; the user goes on with start/stop after `fg`.
    public nonisolated func suspend(then done: @escaping @Sendable () -> Void) {
        route.post(.suspend(done: done))
    }

    // MARK: - One input at a time

    private func handle(_ input: TrainerInput) async {
        switch input {
        case .command(let command):
            await perform(command)
        case .announcement(let announcement):
            await hotPlug?.handle(announcement)
        case .session(let eventGeneration, let event):
            await sessionEvent(event, current: eventGeneration == generation)
        case .tuningReport(let reports, let report):
            if let event = reports.take(report) {
                await sessionEvent(event, current: reports.sessionGeneration == generation)
            }
        case .finish:
            await endRun()
        case .switchReady:
            await completeSwitch()
        case .endOfRun:
            break
        case .suspend(let done):
            await suspend()
            // Behind the stopped session's events, so `done` comes after the pause is reported.
            route.post(.call(done))
        case .call(let function):
            function()
        }
    }

    private func suspend() async {
        guard session != nil, sessionRunning, !paused, switchingTo == nil, !finishing else { return }
        paused = true
        await stopSession()  // reported as stopped without a problem: paused
    }

    /// Stops the session (its last events are already queued) and ends the run behind them.
    private func endRun() async {
        feedbackWait?.cancel()
        feedbackWait = nil
        finishing = true
        route.setSession(nil)
        await stopSession()
        route.post(.endOfRun)
    }

    private func tearDown() async {
        finishing = true
        feedbackWait?.cancel()
        route.close()
        await stopSession()
        await feedback?.silence()
        await presenter.present(.finished(completedTrials: tally.completedTrials, summary: tally.summary))
    }

    // MARK: - Sessions

    private func begin(_ newMode: TrainingMode) async throws {
        mode = newMode
        let session = try makeSession(newMode)
        generation += 1
        let generation = self.generation
        let route = self.route
        let reports = TuningReports(generation: generation, clock: clock) { route.post($0) }
        session.observe { event in reports.receive(event) }
        self.session = session
        route.setSession(session)
        let ports = rig.portLabels
        // A controller answers (not only the terminal's keys): the prompts name its controls.
        await presenter.present(.started(mode: newMode, intervals: session.intervals, output: ports.output, input: ports.input,
                                         controls: rig.controllerSource != nil ? rig.controllerSettings() : nil))
        paused = false
        endedByFailure = false
        await startSession()
    }

    private func startSession() async {
        guard let session, !sessionRunning else { return }
        sessionRunning = true
        await session.start()
    }

    /// Returns once the session's loop has ended; its final events are queued by then.
    private func stopSession() async {
        guard let session, sessionRunning else { return }
        sessionRunning = false
        await session.stop()
        // The clicks' withdrawal (their tag is the cue's too) may have taken a cue's note-off
        // along: no cue is left sounding through a pause.
        if mode.isRhythm { await feedback?.silence() }
    }

    private func completeSwitch() async {
        guard let next = switchingTo else { return }
        switchingTo = nil
        defer { route.commandDone() }
        guard !finishing else { return }
        do {
            try await begin(next)
        } catch {
            failure = "cannot switch to \(next) training: \(error)"
            await endRun()
        }
    }

    // MARK: - Session events

    private func sessionEvent(_ event: SessionEvent, current: Bool) async {
        switch event {
        case .comparison(let event): await comparisonEvent(event, current: current)
        case .matching(let event): await matchingEvent(event, current: current)
        case .rhythmOffsetDetection(let event): await rhythmOffsetDetectionEvent(event, current: current)
        case .rhythmMatching(let event): await rhythmMatchingEvent(event, current: current)
        }
    }

    private func rhythmOffsetDetectionEvent(_ event: RhythmOffsetDetectionEvent, current: Bool) async {
        switch event {
        case .trialStarted(let trial):
            tally.trialStarted()
            route.update(settings: rig.controllerSettings())
            await presenter.present(.rhythmOffsetDetectionTrialStarted(trial, trial: tally.trialNumber))
        case .stateChanged(let state):
            await presenter.present(.rhythmOffsetDetectionStateChanged(state, trial: tally.trialNumber))
        case .trialCompleted(let record):
            // The cue already sounded when the answer was judged (the route's judgedCue).
            tally.rhythmTrialCompleted(.offsetDetection, at: record.tempo) { $0.correct += record.isCorrect ? 1 : 0 }
            await presenter.present(.rhythmOffsetDetectionCompleted(record, trial: tally.trialNumber,
                                                                    statistics: standings.statistics(of: record.profileKey)))
            await stopIfLimitReached()
        case .stopped(let reason):
            await sessionStopped(reason, current: current)
        }
    }

    private func rhythmMatchingEvent(_ event: RhythmMatchingEvent, current: Bool) async {
        switch event {
        case .trialStarted(let trial):
            tally.trialStarted()
            route.update(settings: rig.controllerSettings())
            await presenter.present(.rhythmMatchingTrialStarted(trial, trial: tally.trialNumber))
        case .stateChanged(let state):
            await presenter.present(.rhythmMatchingStateChanged(state, trial: tally.trialNumber))
        case .tapMissed:
            await presenter.present(.rhythmMatchingTapMissed(trial: tally.trialNumber))
        case .tapOutsideWindow(let offset):
            await presenter.present(.rhythmMatchingTapOutside(offset, trial: tally.trialNumber))
        case .trialCompleted(let record):
            let percent = record.userOffset.percentOfSixteenth(at: record.tempo)
            // The cue already sounded when the tap was counted (the route's judgedCue).
            tally.rhythmTrialCompleted(.matching, at: record.tempo) {
                $0.signedPercents += percent
                $0.absolutePercents += abs(percent)
            }
            await presenter.present(.rhythmMatchingCompleted(record, trial: tally.trialNumber,
                                                             statistics: standings.statistics(of: record.profileKey)))
            await stopIfLimitReached()
        case .stopped(let reason):
            await sessionStopped(reason, current: current)
        }
    }

    /// A tap this near the beat (percent of a sixteenth) gets the positive cue: about 6 ms at
    /// 120 BPM, the offset listeners begin to hear (Friberg & Sundberg 1995).
    static let rhythmNearPercent = 5.0

    private func comparisonEvent(_ event: PitchComparisonEvent, current: Bool) async {
        switch event {
        case .trialStarted(let trial):
            let discipline = TrainingDiscipline.comparison(for: trial.interval.interval)
            tally.pitchTrialStarted(discipline, estimateBefore: standings.standing(of: discipline).threshold)
            route.update(settings: rig.controllerSettings())
            await presenter.present(.comparisonTrialStarted(trial, trial: tally.trialNumber))
        case .stateChanged(let state):
            await presenter.present(.comparisonStateChanged(state, trial: tally.trialNumber))
        case .trialCompleted(let record, let best):
            await feedback?.comparisonCompleted(correct: record.isCorrect)
            let standing = standings.standing(of: record.discipline)
            tally.pitchTrialCompleted(record.discipline, estimateAfter: standing.threshold) {
                $0.correct += record.isCorrect ? 1 : 0
            }
            await presenter.present(.comparisonCompleted(record, trial: tally.trialNumber, sessionBest: best,
                                                         standing: standing))
            await stopIfLimitReached()
        case .stopped(let reason):
            await sessionStopped(reason, current: current)
        }
    }

    private func matchingEvent(_ event: PitchMatchingEvent, current: Bool) async {
        switch event {
        case .trialStarted(let trial):
            let discipline = TrainingDiscipline.matching(for: trial.interval.interval)
            tally.pitchTrialStarted(discipline, estimateBefore: standings.standing(of: discipline).threshold)
            route.update(settings: rig.controllerSettings())
            await presenter.present(.matchingTrialStarted(trial, trial: tally.trialNumber))
        case .stateChanged(let state):
            await presenter.present(.matchingStateChanged(state, trial: tally.trialNumber))
        case .tunableAdjusted(let offset):
            await presenter.present(.matchingAdjusted(offset: offset, trial: tally.trialNumber))
        case .trialCompleted(let record, let best):
            await feedback?.matchingCompleted(error: record.userCentError)
            let standing = standings.standing(of: record.discipline)
            tally.pitchTrialCompleted(record.discipline, estimateAfter: standing.threshold) {
                $0.absoluteErrors += record.userCentError.magnitude.rawValue
            }
            await presenter.present(.matchingCompleted(record, trial: tally.trialNumber, sessionBest: best,
                                                       standing: standing))
            await stopIfLimitReached()
        case .stopped(let reason):
            await sessionStopped(reason, current: current)
        }
    }

    /// The last trial's feedback still rings (the cue, the status line), but no next trial
    /// starts; the run ends when the feedback is over.
    private func stopIfLimitReached() async {
        guard let trialLimit, tally.completedTrials >= trialLimit, !finishing else { return }
        finishing = true
        route.setSession(nil)
        await stopSession()
        let (clock, route) = (self.clock, self.route)
        feedbackWait = Task {
            guard (try? await clock.sleep(for: PitchComparisonSession.feedbackDuration)) != nil else { return }
            route.post(.endOfRun)
        }
    }

    private func sessionStopped(_ reason: SessionStopReason, current: Bool) async {
        switch reason {
        case .requested:
            if !finishing { await presenter.present(.stopped(mode: mode, problem: nil)) }
        case .unanswered:
            // Nobody played (rhythm matching's clicks run on their own): paused, as if the user
            // had paused, saying why; start/stop goes on.
            await presenter.present(.stopped(mode: mode, problem: reason.description))
            guard current else { return }
            sessionRunning = false
            paused = true
        case .failed(let error):
            await presenter.present(.stopped(mode: mode, problem: String(describing: error)))
            guard current else { return }
            sessionRunning = false
            endedByFailure = true
            if rig.isFatal(error), !finishing {
                failure = "training stopped: \(error)"
                await endRun()
            }
        }
    }

    // MARK: - Commands

    private func perform(_ command: TrainingCommand) async {
        guard !finishing else {
            route.commandDone()
            return
        }
        switch command {
        case .quit:
            route.commandDone()
            await endRun()
        case .startStop:
            defer { route.commandDone() }
            guard session != nil, switchingTo == nil else { return }
            if paused {
                paused = false
                await presenter.present(.notice("training goes on"))
                await startSession()
            } else {
                paused = true
                await stopSession()  // reported as stopped without a problem: paused
            }
        case .nextMode:
            if let pending = switchingTo {
                // A second switch before the first is done: it goes one mode further.
                switchingTo = pending.next
                route.commandDone()
                return
            }
            switchingTo = mode.next
            route.setSession(nil)
            await stopSession()
            route.post(.switchReady)  // completes the command, behind the stopped session's events
        }
    }
}

// MARK: - Hot-plug

extension Trainer: HotPlugTarget {
    public func portLost(_ message: String) async -> Bool {
        await presenter.present(.notice(message))
        guard session != nil, !paused, !finishing else { return false }
        let wasRunning = sessionRunning
        await stopSession()
        return wasRunning || endedByFailure
    }

    public func portsReturned(_ addresses: [PortRole: SequencerAddress], restart: Bool) async throws {
        try await rig.reconnect(addresses)
        if let input = addresses[.input] { route.setSource(input) }
        await presenter.present(.notice("all ports are back" + (restart ? "; training goes on" : "")))
        if restart, !paused, !finishing {
            endedByFailure = false
            await startSession()
        }
    }
}
