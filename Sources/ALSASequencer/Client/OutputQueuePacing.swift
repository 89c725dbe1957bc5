/// When the output queue runs: only while something is scheduled on it, so that its fast tick
/// (up to 6250 timer interrupts a second) costs nothing while nothing is due.
///
/// The queue is continued before an event is scheduled on it, and paused once it is empty.
/// "Empty" is noticed without polling: an echo event, addressed to our own input port, is
/// scheduled at the latest time anything waits for, after it (events of equal time leave in the
/// order they were scheduled). When the reader thread receives the latest echo and the kernel
/// reports the queue empty, the queue is paused. Echoes are only added when an event is due at
/// or after the latest one, so a burst of events costs one echo, not one each.
///
/// A hold keeps the queue running even while empty: rhythm training schedules its clicks on this
/// queue and has the controller's taps stamped on it, so its clock must go on between the
/// clicks and the taps. Releasing the hold sets an echo, and the queue pauses once empty again.
///
/// A pure value: the client keeps it behind the same lock as the sequencer handle and carries
/// out the plans it returns, so a schedule and a pause can never interleave.
struct OutputQueuePacing: Sendable {
    /// An echo scheduled on the output queue; `serial` tells the latest from older ones.
    struct Echo: Equatable, Sendable {
        let serial: UInt32
        let time: SequencerTime
    }

    /// What scheduling an event needs around it.
    struct Plan: Equatable, Sendable {
        /// Continue the paused queue first (before the event is written).
        var continueQueue: Bool
        /// Schedule this echo right after the event.
        var echo: Echo?
    }

    /// What to do when an echo arrived.
    enum AfterEcho: Equatable, Sendable {
        /// An older echo, or the queue already paused: a later echo will decide.
        case nothing
        /// The queue is empty: pause it.
        case pause
        /// Events were scheduled before the latest echo's time after it left (they are due
        /// already, so they got no echo of their own): one more echo goes behind them.
        case echoAgain(Echo)
    }

    /// How often in a row the latest echo may find the queue still holding events before the
    /// queue is left running until the next schedule. Our own events need one more echo at
    /// most, short of a rare race repeating; events another client put on our queue (any client
    /// may use it) would otherwise keep an echo going round at every tick.
    static let maximumEchoesAgain = 3

    /// Whether a hold keeps the queue running while it is empty.
    private(set) var held = false
    /// Whether we left the queue running (the kernel's own state, as far as we changed it).
    private(set) var running = false
    /// The latest echo still on its way: scheduled, and not yet seen by the reader.
    private(set) var latestEcho: Echo?
    private var nextSerial: UInt32 = 0
    private var echoesAgain = 0

    /// Call while holding the handle's lock, before writing an event due at `time`; do as the
    /// plan says, in the same write.
    mutating func scheduling(at time: SequencerTime) -> Plan {
        let continueQueue = !running
        running = true
        echoesAgain = 0
        guard latestEcho.map({ time >= $0.time }) ?? true else {
            return Plan(continueQueue: continueQueue, echo: nil)
        }
        let echo = makeEcho(at: time)
        return Plan(continueQueue: continueQueue, echo: echo)
    }

    /// Whether echo `serial` is the latest one while the queue runs: only then does its arrival
    /// need the kernel's event count (an ioctl under the lock the senders need too).
    func isLatestEcho(_ serial: UInt32) -> Bool { running && latestEcho?.serial == serial }

    /// Call while holding the handle's lock when the reader received echo `serial`;
    /// `queueIsEmpty` is the kernel's count of events on the queue, read under the same lock.
    mutating func echoArrived(serial: UInt32, queueIsEmpty: Bool) -> AfterEcho {
        guard isLatestEcho(serial), let latest = latestEcho else { return .nothing }
        if queueIsEmpty, held {
            latestEcho = nil
            return .nothing
        }
        if queueIsEmpty {
            latestEcho = nil
            running = false
            return .pause
        }
        guard echoesAgain < Self.maximumEchoesAgain else {
            latestEcho = nil  // the next schedule sets a new echo, and tries again
            return .nothing
        }
        echoesAgain += 1
        return .echoAgain(makeEcho(at: latest.time))
    }

    /// Call while holding the handle's lock after scheduled events were withdrawn together with
    /// every echo still on the queue; `queueIsEmpty` is the kernel's count read afterwards. An
    /// empty queue pauses at once (a withdrawn note-off need not keep it running until its
    /// time); otherwise one echo goes back where the latest was, behind everything left.
    mutating func withdrawn(queueIsEmpty: Bool) -> AfterEcho {
        if queueIsEmpty, held {
            latestEcho = nil
            return .nothing
        }
        if queueIsEmpty {
            defer { (running, latestEcho) = (false, nil) }
            return running ? .pause : .nothing
        }
        guard running, let latest = latestEcho else { return .nothing }
        return .echoAgain(makeEcho(at: latest.time))
    }

    /// Call while holding the handle's lock; continue the queue when this says so. Returns
    /// whether it must be continued (it was paused).
    mutating func holding() -> Bool {
        held = true
        defer { running = true }
        return !running
    }

    /// Call while holding the handle's lock, with the queue's time now: the echo to schedule
    /// (at once, behind anything still due) so that the queue pauses once empty; nil when it
    /// was not running.
    mutating func releasing(at now: SequencerTime) -> Echo? {
        held = false
        guard running else { return nil }
        echoesAgain = 0
        return makeEcho(at: max(now, latestEcho?.time ?? now))
    }

    /// The pause the plan asked for failed: the queue still runs.
    mutating func pauseFailed() { running = true }

    /// Writing a plan failed (the client is closing, or the kernel refused): we no longer know
    /// what the kernel holds, so the next schedule continues the queue (harmless when it runs)
    /// and sets an echo.
    mutating func forget() {
        running = false
        latestEcho = nil
    }

    private mutating func makeEcho(at time: SequencerTime) -> Echo {
        let echo = Echo(serial: nextSerial, time: time)
        nextSerial &+= 1
        latestEcho = echo
        return echo
    }
}
