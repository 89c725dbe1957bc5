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
/// The lifecycle is one `TrainerPhase`, moved only by its pure transition table; the trainer
/// carries out the effects each transition names and publishes the phase to `route`.
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
    let presenter: any TrainingPresenter
    let rig: any TrainerRig
    let feedback: TrainerFeedback?
    let standings: any TrainingStandings
    let trialLimit: Int?
    private let clock: any Clock<Duration>
    private let inbox: AsyncStream<TrainerInput>
    private nonisolated let finishRequested = Atomic(false)

    private(set) var mode: TrainingMode
    private var phase = TrainerPhase.idle
    private var session: ActiveSession?
    /// Counts sessions, so each event is known to be the current session's.
    private var generation = 0
    /// The number of the last command read from the stream, and of the last one the route was
    /// told is done.
    private var lastCommand = 0
    private var toldCommand = 0
    private var hotPlug: HotPlugSupervisor?
    var tally = RunTally()
    private var failure: String?
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
            await apply(.begin)
            if failure == nil {
                for await input in inbox {
                    if case .endOfRun = input { break }
                    await handle(input)
                }
            }
        }
        keyReader?.cancel()
        await apply(.runEnded)
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
        case .command(let command, let number):
            lastCommand = number
            await apply(.command(command))
        case .announcement(let announcement):
            await hotPlug?.handle(announcement)
        case .session(let eventGeneration, let event):
            await sessionEvent(event, current: eventGeneration == generation)
        case .tuningReport(let reports, let report):
            if let event = reports.take(report) {
                await sessionEvent(event, current: reports.sessionGeneration == generation)
            }
        case .finish:
            await apply(.finish)
        case .switchReady:
            await apply(.switchReady)
        case .endOfRun:
            break
        case .suspend(let done):
            await apply(.suspend)
            // Behind the stopped session's events, so `done` comes after the pause is reported.
            route.post(.call(done))
        case .call(let function):
            function()
        }
        // A command is done once carried out; a mode switch, once the next session runs. The
        // route is told only of a command it has not heard of: its lock is the one the reader
        // thread holds while it sends a reaction, and most inputs here (tuning reports, the
        // sessions' events) carry out no command.
        if case .switching = phase { return }
        if lastCommand > toldCommand {
            route.commandsDone(through: lastCommand)
            toldCommand = lastCommand
        }
    }

    // MARK: - The phase

    /// Moves to the phase `input` leads to, tells the route, and carries out the transition's
    /// effects in order. Returns the effects.
    @discardableResult
    func apply(_ input: TrainerPhase.Input) async -> [TrainerPhase.Effect] {
        let step = TrainerPhase.transition(from: phase, on: input, mode: mode)
        phase = step.phase
        route.publish(step.phase)
        for effect in step.effects { await perform(effect) }
        return step.effects
    }

    private func perform(_ effect: TrainerPhase.Effect) async {
        switch effect {
        case .begin(let newMode, let switched):
            await begin(newMode, switched: switched)
        case .startSession:
            await startSession()
        case .stopSession:
            await session?.stop()
            // The clicks' withdrawal (their tag is the cue's too) may have taken a cue's note-off
            // along: no cue is left sounding through a pause.
            if mode.isRhythm { await feedback?.silence() }
        case .postSwitchReady:
            route.post(.switchReady)
        case .endRun:
            route.post(.endOfRun)
        case .endAfterFeedback:
            let (clock, route) = (self.clock, self.route)
            feedbackWait = Task {
                guard (try? await clock.sleep(for: PitchComparisonSession.feedbackDuration)) != nil else { return }
                route.post(.endOfRun)
            }
        case .cancelFeedbackWait:
            feedbackWait?.cancel()
            feedbackWait = nil
        case .fail(let reason):
            failure = reason
        case .reportStopped(let problem):
            await presenter.present(.stopped(mode: mode, problem: problem))
        case .notice(let message):
            await presenter.present(.notice(message))
        case .restartWhenPortsReturn:
            break  // `portLost` answers it
        case .closeRoute:
            route.close()
        case .silenceCue:
            await feedback?.silence()
        case .reportFinished:
            await presenter.present(.finished(completedTrials: tally.completedTrials, summary: tally.summary))
        }
    }

    // MARK: - Sessions

    private func begin(_ newMode: TrainingMode, switched: Bool) async {
        mode = newMode
        let session: ActiveSession
        do {
            session = try makeSession(newMode)
        } catch {
            let what = switched ? "switch to \(newMode)" : "start \(newMode)"
            await apply(.beginFailed(reason: "cannot \(what) training: \(error)"))
            return
        }
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
                                         controls: rig.controllerSource != nil ? rig.controllerSettings() : nil,
                                         tuning: await session.tuning()))
        await startSession()
    }

    /// A session's loop starts only in the running phase: a port lost while the trainer was
    /// getting there (the supervisor's calls come in between) leaves it stopped.
    private func startSession() async {
        guard phase == .running else { return }
        // The session itself stops at the limit: told only after each trial, the trainer could
        // be too late to keep it from starting (and recording) one more.
        await session?.start(trialBudget: trialLimit.map { max(1, $0 - tally.completedTrials) })
    }
}

// MARK: - Hot-plug

extension Trainer: HotPlugTarget {
    public func portLost(_ message: String) async -> Bool {
        await apply(.portLost(notice: message)).contains(.restartWhenPortsReturn)
    }

    public func portsReturned(_ addresses: [PortRole: SequencerAddress], restart: Bool) async throws {
        try await rig.reconnect(addresses)
        if let input = addresses[.input] { route.setSource(input) }
        await apply(.portsReturned(restart: restart))
    }
}
