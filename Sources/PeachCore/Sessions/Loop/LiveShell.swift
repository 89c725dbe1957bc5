import Synchronization

/// What a session's inputs are checked against: its state, its trial and the discipline's own
/// live fields, behind one lock, so that any thread may answer and see them together.
public struct LiveTrial<Discipline: SessionDiscipline>: Sendable {
    public internal(set) var state: Discipline.State = Discipline.State.idle
    private(set) var trial: Discipline.Trial?
    /// The running trial's number, 0 while none runs; set with `trial`. The inputs check it
    /// rather than `trial != nil`, which copies the trial (its strings retained and released).
    private(set) var trialNumber = 0
    var inputs: TrialInputs<Discipline.Input>.Continuation? {
        didSet { takesInputs = inputs != nil }
    }
    /// The loop takes inputs: kept beside `inputs`, which the inputs test. The continuation's
    /// type is resilient (the standard library's), so even testing it in place copied it
    /// through its value witnesses, before an answer's note-off.
    private(set) var takesInputs = false
    var own: Discipline.Live = Discipline.Live()
    fileprivate let events: EventBroadcaster<Discipline.Event>

    /// Moves to `state`, telling the listeners once the lock is released.
    mutating func transition(to state: Discipline.State) {
        guard state != self.state else { return }
        self.state = state
        events.enqueue(Discipline.Event.stateChanged(state))
    }

    /// Tells the listeners, once the lock is released, in the order of the calls.
    func publish(_ event: Discipline.Event) {
        events.enqueue(event)
    }

    var hasTrial: Bool { trialNumber != 0 }
    /// Hands `input` to the trial loop, tagged with the running trial; false when none runs.
    @discardableResult
    func yield(_ input: Discipline.Input) -> Bool {
        guard hasTrial, takesInputs else { return false }
        inputs?.yield((trialNumber, input))  // on the stored continuation: binding it would copy it
        return true
    }

    /// `trial` begins (numbers start at 1), or none runs (nil).
    mutating func setTrial(_ trial: Discipline.Trial?) {
        self.trial = trial
        trialNumber = trial?.number ?? 0
    }
}

/// The session's live state and its listeners. Events published under the lock are delivered
/// after it is released: a listener may read or call the session without deadlocking it.
public final class LiveShell<Discipline: SessionDiscipline>: Sendable {
    let broadcaster = EventBroadcaster<Discipline.Event>()
    private let live: Mutex<LiveTrial<Discipline>>
    /// The running trial's number and answer target, packed (`RunningTrial`), 0 while none
    /// runs; set under the lock with the trial. The input route reads them at every event to
    /// learn whether a new trial began: one load, where the trial itself costs the lock, a
    /// copy and, the trial's type being generic, the runtime's look-ups of its metadata.
    private let running = Atomic(0)

    init() {
        live = Mutex(LiveTrial(events: broadcaster))
    }

    /// Runs `body` under the lock, then delivers what it published.
    func withLock<Result: Sendable, Failure: Error>(
        _ body: (inout LiveTrial<Discipline>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        defer { broadcaster.deliver() }
        return try live.withLock { (live: inout LiveTrial<Discipline>) throws(Failure) -> Result in try body(&live) }
    }

    var state: Discipline.State { live.withLock { $0.state } }
    var trial: Discipline.Trial? { live.withLock { $0.trial } }
    var runningTrial: (number: Int, target: MIDINote?)? {
        RunningTrial.unpack(running.load(ordering: .acquiring))
    }

    func transition(to state: Discipline.State) {
        withLock { $0.transition(to: state) }
    }

    func publish(_ event: Discipline.Event) {
        broadcaster.publish(event)
    }

    /// Hands `input` to the loop if trial `number` is still the running one.
    func yield(_ input: Discipline.Input, toTrial number: Int) {
        withLock { live in
            guard live.trialNumber == number else { return }
            live.yield(input)
        }
    }

    /// A trial begins: the inputs see it and their per-trial fields are reset together.
    func begin(_ trial: Discipline.Trial) {
        withLock { live in
            live.setTrial(trial)
            running.store(RunningTrial.pack(number: trial.number, target: Discipline.answerTarget(of: trial)),
                          ordering: .releasing)
            Discipline.prepare(&live.own, for: trial)
        }
        broadcaster.publish(Discipline.Event.trialStarted(trial))
    }

    /// Where inputs go from now on; nil ends the run's inputs and clears the trial.
    func setInputs(_ continuation: TrialInputs<Discipline.Input>.Continuation?) {
        withLock { live in
            live.inputs?.finish()
            live.inputs = continuation
            if continuation == nil {
                live.setTrial(nil)
                running.store(0, ordering: .releasing)
                Discipline.clear(&live.own)
            }
        }
    }
}

/// A trial's number and answer target in one word, so one atomic load reads them together:
/// the number above the low byte, the target's MIDI number + 1 in it (0: none).
enum RunningTrial {
    static func pack(number: Int, target: MIDINote?) -> Int {
        number << 8 | (target.map { $0.rawValue + 1 } ?? 0)
    }

    /// nil for 0 (no trial: numbers start at 1).
    static func unpack(_ packed: Int) -> (number: Int, target: MIDINote?)? {
        guard packed != 0 else { return nil }
        let target = packed & 0xFF
        return (packed >> 8, target == 0 ? nil : MIDINote(uncheckedRawValue: target - 1))
    }
}
