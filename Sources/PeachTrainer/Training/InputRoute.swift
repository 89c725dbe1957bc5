import ALSASequencer
import AsyncAlgorithms
import PeachALSA
import PeachCore
import PeachRig
import PeachTerminal
import Synchronization

/// The one way in for everything the user does: controller events (on the sequencer's reader
/// thread), terminal keys, the pitch wheel's timer. One lock puts them in one order.
///
/// The two reactions a musician times leave from here, on the thread that read the event: an
/// answer stops the sounding target and a tuning movement bends the tunable note, through the
/// running session's synchronous inputs and the player, with no hop to another executor; the
/// session's loop learns of the input right after. Commands, port announcements and signals
/// go to the trainer's one ordered stream. While a command waits there, answers and tuning
/// movements are dropped: they were made before it took effect and belong to no trial.
///
/// What may reach the session follows from two things only: the trainer's phase, which it
/// publishes here at every transition, and the number of the last command it has carried
/// out, set against the number of the last one posted here. No count is kept in step by hand.
public final class InputRoute: Sendable {
    private struct State: Sendable {
        var mapping: ControllerMapping
        var keys = TerminalKeyMapping()
        /// The session inputs go to; nil while the phase holds none (e.g. during a mode switch).
        var session: ActiveSession?
        /// The trial the mappings were last reset for.
        var mappedTrial: Int?
        /// The trainer's, as last published.
        var phase = TrainerPhase.idle
        /// The number of the last command posted to the trainer.
        var postedCommand = 0
        /// The number of the last command the trainer has carried out (commands are carried out
        /// in the order posted).
        var doneCommand = 0
        var wheelTicker: Task<Void, Never>?
        var closed = false

        /// A command waits in the trainer's stream, or is being carried out.
        var commandWaiting: Bool { doneCommand < postedCommand }
    }

    private let state: Mutex<State>
    private let inbox: AsyncStream<TrainerInput>.Continuation
    private let inputClock: @Sendable () -> UInt64?
    private let clock: any Clock<Duration>
    /// Sounds the feedback cue for a judged rhythm answer or tap, on this thread.
    private let judgedCue: (@Sendable (Bool) -> Void)?

    /// How often the pitch wheel's rate mode moves the note while the wheel is held.
    static let wheelTick: Duration = .milliseconds(10)

    /// - Parameter inputClock: now, on the clock the controller's events are stamped with
    ///   (for the pitch wheel's rate mode); nil when unknown.
    /// - Parameter judgedCue: the cue for a rhythm answer (right or wrong) or tap (near or
    ///   not), sounded the moment the session judges it; nil: no cue.
    init(mapping: ControllerMapping, inbox: AsyncStream<TrainerInput>.Continuation,
         inputClock: @escaping @Sendable () -> UInt64?, clock: any Clock<Duration>,
         judgedCue: (@Sendable (Bool) -> Void)? = nil) {
        state = Mutex(State(mapping: mapping))
        self.inbox = inbox
        self.inputClock = inputClock
        self.clock = clock
        self.judgedCue = judgedCue
    }

    // MARK: - Inputs

    /// A sequencer event, on the thread that read it: announcements go to the trainer, MIDI
    /// through the controller mapping.
    public func receive(_ event: SequencerEvent) {
        switch event.payload {
        case .announcement(let announcement):
            post(.announcement(announcement))
        case .midi:
            state.withLock { state in
                guard !state.closed else { return }
                syncTrial(&state)
                let inputs = state.mapping.map(event)
                if !inputs.isEmpty { dispatch(inputs, from: AnswerControl(event), &state) }
                updateWheelTicker(&state)
            }
        }
    }

    /// A key of the computer's keyboard.
    public func receive(_ key: TerminalKey) {
        state.withLock { state in
            guard !state.closed else { return }
            syncTrial(&state)
            // A key's time is when it is read here: the terminal gives no stamp of its own.
            let now = state.keys.answers == .tap ? inputClock() : nil
            dispatch(state.keys.map(key, now: now), from: .terminal, &state)
        }
    }

    /// Posts to the trainer's stream, behind everything posted before. Not inlined: in
    /// `receive`, the stream's generic yield made every controller event look up its metadata
    /// before the reaction, though only an announcement posts.
    @inline(never)
    func post(_ input: TrainerInput) {
        inbox.yield(input)
    }

    // MARK: - What the trainer tells the route

    /// The session inputs go to from now on, while the phase holds one.
    func setSession(_ session: ActiveSession) {
        state.withLock { state in
            guard state.phase.holdsSession else { return }
            Self.attach(session, &state)
        }
    }

    /// The trainer's new phase: a phase without a session lets go of it at once.
    func publish(_ phase: TrainerPhase) {
        state.withLock { state in
            state.phase = phase
            if !phase.holdsSession { Self.attach(nil, &state) }
        }
    }

    /// The trainer has carried out every command up to number `command`; inputs reach the
    /// session again once the last one posted is among them.
    func commandsDone(through command: Int) {
        state.withLock { $0.doneCommand = max($0.doneCommand, command) }
    }

    /// New controller settings (re-read at every trial).
    func update(settings: ControllerSettings) {
        state.withLock { $0.mapping.update(settings: settings) }
    }

    /// The controller came back at another address.
    func setSource(_ address: SequencerAddress) {
        state.withLock { $0.mapping.source = address }
    }

    /// No more inputs: the run is over.
    func close() {
        state.withLock { state in
            state.closed = true
            state.session = nil
            state.wheelTicker?.cancel()
            state.wheelTicker = nil
        }
        inbox.finish()
    }

    // MARK: - Routing

    private static func attach(_ session: ActiveSession?, _ state: inout State) {
        state.session = session
        state.mapping.answers = session?.answers
        state.keys.answers = session?.answers
        state.mappedTrial = nil
    }

    /// Posts `command`, numbered: inputs wait until the trainer says it has carried it out.
    private func postCommand(_ command: TrainingCommand, _ state: inout State) {
        state.postedCommand += 1
        inbox.yield(.command(command, number: state.postedCommand))
    }

    /// A new trial resets what the mappings keep per trial (the touch, a relative control's
    /// position) and tells them the comparison's target note.
    private func syncTrial(_ state: inout State) {
        guard let trial = state.session?.currentTrial, trial.number != state.mappedTrial else { return }
        state.mappedTrial = trial.number
        state.mapping.trialStarted()
        state.keys.trialStarted()
        if let target = trial.target { state.mapping.targetChanged(target) }
    }

    /// `inputs`: the controller mapping's (held inline) or the keys' (an array).
    private func dispatch(_ inputs: some Collection<TrainingInput>, from control: AnswerControl?, _ state: inout State) {
        // A touch with its position in the same breath is one movement: the note starts there.
        let moves = inputs.contains { if case .adjust = $0 { true } else { false } }
        for input in inputs {
            switch InputRouting.of(input, phase: state.phase, commandWaiting: state.commandWaiting,
                                   hasSession: state.session != nil, moves: moves) {
            case .post(let command):
                postCommand(command, &state)
            case .deliver:
                state.session?.deliver(input, from: control, judged: judgedCue)
            case .drop:
                continue
            }
        }
    }

    // MARK: - The pitch wheel's rate mode

    /// Ticks while the wheel is held off centre in a matching trial, and only then.
    private func updateWheelTicker(_ state: inout State) {
        guard state.mapping.pitchWheelCentsPerSecond != 0 else {
            state.wheelTicker?.cancel()
            state.wheelTicker = nil
            return
        }
        guard state.wheelTicker == nil else { return }
        state.wheelTicker = Self.ticking(every: Self.wheelTick, on: clock) { [weak self] in self?.advanceWheel() ?? false }
    }

    /// Calls `tick` on `clock` every `interval` until it returns false or the task is cancelled.
    private static func ticking<C: Clock<Duration>>(every interval: Duration, on clock: C,
                                                    _ tick: @escaping @Sendable () -> Bool) -> Task<Void, Never> {
        Task {
            for await _ in AsyncTimerSequence(interval: interval, clock: clock) {
                guard tick() else { return }
            }
        }
    }

    /// Returns whether to keep ticking.
    private func advanceWheel() -> Bool {
        state.withLock { state in
            guard !state.closed, let now = inputClock(), state.mapping.pitchWheelCentsPerSecond != 0 else {
                state.wheelTicker = nil
                return false
            }
            syncTrial(&state)
            dispatch(state.mapping.advance(to: now), from: .pitchWheel, &state)
            return true
        }
    }
}
