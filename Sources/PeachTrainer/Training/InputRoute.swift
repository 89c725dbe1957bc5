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
public final class InputRoute: Sendable {
    private struct State: Sendable {
        var mapping: ControllerMapping
        var keys = TerminalKeyMapping()
        var session: ActiveSession?
        /// The trial the mappings were last reset for.
        var mappedTrial: Int?
        /// Commands posted to the trainer and not yet carried out.
        var pendingCommands = 0
        var wheelTicker: Task<Void, Never>?
        /// The user paused (or nobody tapped): a tap in rhythm matching goes on.
        var paused = false
        var closed = false
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
            inbox.yield(.announcement(announcement))
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
            let now = state.keys.session == .rhythmMatching ? inputClock() : nil
            dispatch(state.keys.map(key, now: now), from: .terminal, &state)
        }
    }

    /// Posts to the trainer's stream, behind everything posted before.
    func post(_ input: TrainerInput) {
        inbox.yield(input)
    }

    // MARK: - What the trainer tells the route

    /// The session inputs go to from now on (nil: none, e.g. during a mode switch).
    func setSession(_ session: ActiveSession?) {
        state.withLock { state in
            state.session = session
            state.mapping.session = session?.kind
            state.keys.session = session?.kind
            state.mappedTrial = nil
        }
    }

    /// A command posted by the route has been carried out; inputs reach the session again
    /// once none is waiting.
    func commandDone() {
        state.withLock { $0.pendingCommands = max(0, $0.pendingCommands - 1) }
    }

    /// Whether training is paused by the user (or for want of taps).
    func setPaused(_ paused: Bool) {
        state.withLock { $0.paused = paused }
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

    /// A new trial resets what the mappings keep per trial (the touch, a relative control's
    /// position) and tells them the comparison's target note.
    private func syncTrial(_ state: inout State) {
        guard let trial = state.session?.currentTrial, trial.number != state.mappedTrial else { return }
        state.mappedTrial = trial.number
        state.mapping.trialStarted()
        state.keys.trialStarted()
        if let target = trial.target { state.mapping.targetChanged(target) }
    }

    private func dispatch(_ inputs: [TrainingInput], from control: AnswerControl?, _ state: inout State) {
        // A touch with its position in the same breath is one movement: the note starts there.
        let moves = inputs.contains { if case .adjust = $0 { true } else { false } }
        for input in inputs {
            switch input {
            case .command(let command):
                state.pendingCommands += 1
                inbox.yield(.command(command))
            case .touch where moves:
                continue
            case .tap where state.paused && state.pendingCommands == 0 && state.session != nil:
                // Paused rhythm matching: the pad the hands are on goes on, as start/stop would.
                state.pendingCommands += 1
                inbox.yield(.command(.startStop))
            case .answer, .touch, .adjust, .commit, .timing, .tap:
                guard state.pendingCommands == 0, let session = state.session else { continue }
                session.deliver(input, from: control, judged: judgedCue)
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
