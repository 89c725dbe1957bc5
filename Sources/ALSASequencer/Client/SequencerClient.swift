import CAlsa
import Synchronization
import Glibc

/// One ALSA sequencer client with an output port (what we send reaches its subscribers), an
/// input port (what reaches it comes out of `events()`; sources connected with `connectInput`
/// and the System Announce port are stamped with the kernel's real time on our input queue),
/// and two real-time queues: one that times our scheduled output, one that stamps our input.
///
/// Two queues because they want opposite ticks. Scheduled events leave at the output queue's
/// first tick at or after their time, so it ticks fast (up to 6250 Hz), and it runs only while
/// something is scheduled on it: it is continued before an event is scheduled and paused once
/// it is empty again (see `OutputQueuePacing`), so a client waiting for input costs no timer
/// interrupts for it. Stamps need no tick at all: the kernel extrapolates a running queue's time
/// from the system clock between ticks, so the input queue runs all the time at the slowest tick
/// the kernel allows (10 Hz), on the system timer rather than the HR timer (a queue started while
/// another one runs on the same timer device waits for that one's next tick before its own
/// ticks begin: the output queue must not wait up to 100 ms for ours). The system timer counts
/// in jiffies (4 ms at Debian's HZ=250), so a stamp can be off by the part of a jiffy its last
/// tick came late: microseconds on an idle machine, up to a jiffy under heavy load or emulation
/// (where a fast queue on the HR timer does no better: its late ticks are miscounted too).
///
/// Sendable: the snd_seq_t handle lives behind a mutex, taken briefly by every call and by the
/// reader thread when it drains input. `close()` (also run on deinit) releases the ports, the
/// queues, the client and the reader thread; it is idempotent.
public final class SequencerClient: Sendable {
    /// The reader thread's name, as `top -H` and /proc show it (the kernel keeps 15 bytes).
    public static let readerThreadName = "ALSA seq reader"

    public let name: String
    public let clientID: Int
    /// Our output port: `send`/`schedule` go to everything subscribed to it.
    public let outputPort: SequencerAddress
    /// Our input port: sources connected to it, and the System Announce port, arrive in `events()`.
    public let inputPort: SequencerAddress
    /// The real-time queue that times our scheduled output (`schedule`, `currentTime`). It runs
    /// only while something is scheduled on it, so its clock (`currentTime()`) stands still in
    /// between: compare its times only with each other, never with input stamps.
    public let outputQueue: Int
    /// The real-time queue our input is stamped on (`inputTime()`, `SequencerEvent.timestampNanoseconds`):
    /// it always runs. Our own, or the one given to `init(stampingQueue:)`.
    public let inputQueue: Int
    /// How often the kernel checks the output queue for due events while it runs: a scheduled
    /// event leaves at the first check at or after its time, up to one period late.
    public let tickPeriod: Duration

    /// The kernel checks a queue at most 6250 times a second (it caps a faster request there).
    public static let fastestTickHz = 6250
    /// The kernel's default when a client asks for nothing.
    public static let defaultTickHz = 1000
    /// The slowest tick the kernel allows (it raises slower requests to this): the input queue's.
    /// Stamps do not depend on it; the kernel extrapolates between ticks.
    public static let slowestTickHz = 10

    let handle: SequencerHandle
    /// Where the output queue's echoes go and come from (see `OutputQueuePacing`).
    let echoes: EchoRoute
    private let settling: InputClockSettling
    private let ownsInputQueue: Bool
    private let reader: EventReader
    private let broadcast = EventBroadcast()
    /// The destinations `connectOutput(to:)` subscribed: where `sendToConnected` still reaches
    /// when someone else (a patchbay, `aconnect -d`) removed the subscription.
    let connectedOutputs = Mutex<Set<SequencerAddress>>([])

    /// Opens a client named `name` (as `aconnect -l` will show it) with both ports and both
    /// queues, starts the input queue and subscribes to the System Announce port. The output
    /// queue starts with the first `schedule`.
    ///
    /// - Parameter queueTickHz: how often the kernel checks the output queue while it runs
    ///   (`defaultTickHz` unless set; at most `fastestTickHz`). Faster means scheduled events leave
    ///   closer to their time, for more timer interrupts while something is scheduled.
    /// - Parameter stampingEveryInput: stamp every event reaching the input port with the input
    ///   queue's real time, also through connections other clients made to it (a measuring sink
    ///   that programs under test send to, as they would to a synth). Off, only connections made
    ///   with `connectInput` are stamped, each on the queue it asks for.
    /// - Parameter stampingQueue: stamp input on this running queue (another client's
    ///   `inputQueue`) instead of a queue of our own: the two clients then share one clock, and
    ///   the machine one tick instead of two. It must outlive this client's use of it.
    /// - Parameter inputPool: how many events the kernel holds for us (default 200, at most
    ///   `largestInputPool`). When they are all taken the kernel refuses further events to us
    ///   (EAGAIN to their sender) and, at our next read, drops every event waiting: a client that
    ///   hears thousands of events a second needs room for the moments its reader falls behind.
    ///   Set before our ports exist, since resizing the pool drops whatever waits in it.
    /// - Parameter readerPriority: how the thread that reads our input (and runs `onInput`'s
    ///   handlers) is scheduled; `readerScheduling` says what it got.
    /// - Parameter handler: observes input as `onInput` does, from the first event on: once the
    ///   ports exist others may send at once (a client answering a port announcement).
    public init(name: String, outputPortName: String = "output", inputPortName: String = "input",
                stampingEveryInput: Bool = false, queueTickHz: Int? = nil, stampingQueue: Int? = nil,
                inputPool: Int? = nil, readerPriority: ReaderPriority = .inherited, onInput handler: (@Sendable (SequencerEvent) -> Void)? = nil) throws(SequencerError)
    {
        peach_silence_alsa_diagnostics()  // our errors carry the text; libasound would print it again
        var opened: OpaquePointer?
        try SequencerError.check(snd_seq_open(&opened, "default", SND_SEQ_OPEN_DUPLEX, SND_SEQ_NONBLOCK), "snd_seq_open")
        guard let seq = opened else { throw .alsa(call: "snd_seq_open", code: -ENOMEM, message: "no handle", hint: nil) }
        do {
            try SequencerError.check(snd_seq_set_client_name(seq, name), "snd_seq_set_client_name")
            if let inputPool {
                try SequencerError.check(snd_seq_set_client_pool_input(seq, inputPool), "snd_seq_set_client_pool_input(\(inputPool))")
            }
            let clientID = try SequencerError.check(snd_seq_client_id(seq), "snd_seq_client_id")
            let outputQueue = try SequencerError.check(snd_seq_alloc_named_queue(seq, "\(name) output"),
                                                       "snd_seq_alloc_named_queue(output)")
            let tickHz = min(max(queueTickHz ?? Self.defaultTickHz, 1), Self.fastestTickHz)
            if tickHz != Self.defaultTickHz { try Self.setTimer(seq, queue: outputQueue, hz: tickHz) }
            let inputQueue: Int32
            if let stampingQueue {
                inputQueue = Int32(stampingQueue)
            } else {
                inputQueue = try SequencerError.check(snd_seq_alloc_named_queue(seq, "\(name) input"),
                                                      "snd_seq_alloc_named_queue(input)")
                try Self.setTimer(seq, queue: inputQueue, hz: Self.slowestTickHz, systemTimer: true)
                try SequencerError.check(snd_seq_control_queue(seq, inputQueue, Int32(SND_SEQ_EVENT_START.rawValue), 0, nil),
                                         "snd_seq_control_queue(start)")
                try SequencerError.check(snd_seq_drain_output(seq), "snd_seq_drain_output")
            }
            let output = try Self.createPort(seq, name: outputPortName, capabilities: [.read, .subscribeRead])
            let input = try Self.createPort(seq, name: inputPortName, capabilities: [.write, .subscribeWrite],
                                            timestampQueue: stampingEveryInput ? inputQueue : nil)
            try Self.subscribe(seq, from: SequencerAddress(client: Int(SND_SEQ_CLIENT_SYSTEM), port: Int(SND_SEQ_PORT_SYSTEM_ANNOUNCE)),
                               to: SequencerAddress(client: Int(clientID), port: Int(input)), timestampQueue: inputQueue)
            let echoes = EchoRoute(client: clientID, outputPort: output, inputPort: input, queue: outputQueue)
            let settling = InputClockSettling(settled: stampingQueue != nil)
            if stampingQueue == nil { try echoes.scheduleSettleMarker(on: inputQueue, seq) }
            let descriptors = try Self.pollDescriptors(seq)

            self.name = name
            self.clientID = Int(clientID)
            self.outputQueue = Int(outputQueue)
            self.inputQueue = Int(inputQueue)
            self.ownsInputQueue = stampingQueue == nil
            self.tickPeriod = .nanoseconds(1_000_000_000 / tickHz)
            self.outputPort = SequencerAddress(client: Int(clientID), port: Int(output))
            self.inputPort = SequencerAddress(client: Int(clientID), port: Int(input))
            let handle = SequencerHandle(seq)
            self.handle = handle
            let broadcast = self.broadcast
            if let handler { broadcast.observe(handler) }
            self.echoes = echoes
            self.settling = settling
            self.reader = try EventReader(descriptors: descriptors, priority: readerPriority,
                                          drain: { try? handle.withOpen { seq, pacing in Self.drainInput(seq, echoes, settling, &pacing) } },
                                          deliver: { broadcast.deliver($0) },
                                          finished: {
                                              settling.settle()  // nobody waits for a clock that is gone
                                              broadcast.finish()
                                          })
        } catch {
            snd_seq_close(seq)  // releases the ports and the queues with the client
            throw error
        }
    }

    deinit { close() }

    /// How the thread that reads our input is scheduled (see `ReaderPriority`).
    public var readerScheduling: ReaderScheduling { reader.scheduling }

    /// A new stream of everything that reaches the input port, plus System announcements. Each
    /// call gets its own stream with every event from then on; all end when the client closes.
    public func events() -> AsyncStream<SequencerEvent> { broadcast.stream() }

    /// Calls `handler` with everything `events()` gives, synchronously on the reader thread as
    /// soon as it is read, before any stream: for a reaction that must not wait for a task to
    /// be scheduled. It must not block; it may send (the client's lock is not held).
    public func onInput(_ handler: @escaping @Sendable (SequencerEvent) -> Void) {
        broadcast.observe(handler)
    }

    /// Returns once the input queue has ticked for the first time (within 100 ms of `init`); at
    /// once with a `stampingQueue`, or after `close()`.
    ///
    /// Until then its clock may still step back once, by up to 100 ms: when another
    /// queue already runs on the same timer (any other client of this kind), the kernel delays
    /// the start of ours to that timer's next tick but extrapolates our clock from the start
    /// meanwhile, and the first tick counts only the time since then. A client that compares stamps right
    /// after opening (a measuring sink) waits for this first; Peach's first stamps come seconds
    /// later.
    public func inputClockSettled() async { await settling.wait() }

    /// Stops the reader, deletes the ports and the queues and closes the client. Safe to call
    /// more than once and from any thread.
    public func close() {
        guard let seq = handle.take() else { return }
        reader.stop()
        snd_seq_delete_port(seq, Int32(outputPort.port))
        snd_seq_delete_port(seq, Int32(inputPort.port))
        snd_seq_free_queue(seq, Int32(outputQueue))
        if ownsInputQueue { snd_seq_free_queue(seq, Int32(inputQueue)) }
        snd_seq_close(seq)
    }

    /// Runs `body` with the open handle, or throws `.closed`.
    @discardableResult
    func withHandle<T>(_ body: (OpaquePointer) throws(SequencerError) -> T) throws(SequencerError) -> T {
        try handle.withOpen(body)
    }

    private static func createPort(_ seq: OpaquePointer, name: String, capabilities: PortCapabilities,
                                   timestampQueue: Int32? = nil) throws(SequencerError) -> Int32
    {
        var info: OpaquePointer?
        try SequencerError.check(snd_seq_port_info_malloc(&info), "snd_seq_port_info_malloc")
        defer { snd_seq_port_info_free(info) }
        snd_seq_port_info_set_name(info, name)
        if let timestampQueue {
            snd_seq_port_info_set_timestamping(info, 1)
            snd_seq_port_info_set_timestamp_real(info, 1)
            snd_seq_port_info_set_timestamp_queue(info, timestampQueue)
        }
        snd_seq_port_info_set_capability(info, capabilities.rawValue)
        snd_seq_port_info_set_type(info, UInt32(SND_SEQ_PORT_TYPE_MIDI_GENERIC | SND_SEQ_PORT_TYPE_APPLICATION))
        try SequencerError.check(snd_seq_create_port(seq, info), "snd_seq_create_port(\(name))")
        return snd_seq_port_info_get_port(info)
    }

    /// Asks for `hz` ticks a second on the queue's timer: the default timer (the HR timer where
    /// snd-hrtimer is loaded), or the system timer (jiffies), which the output queue never uses.
    private static func setTimer(_ seq: OpaquePointer, queue: Int32, hz: Int, systemTimer: Bool = false) throws(SequencerError) {
        var timer: OpaquePointer?
        try SequencerError.check(snd_seq_queue_timer_malloc(&timer), "snd_seq_queue_timer_malloc")
        defer { snd_seq_queue_timer_free(timer) }
        try SequencerError.check(snd_seq_get_queue_timer(seq, queue, timer), "snd_seq_get_queue_timer")
        if systemTimer {
            var id: OpaquePointer?
            try SequencerError.check(snd_timer_id_malloc(&id), "snd_timer_id_malloc")
            defer { snd_timer_id_free(id) }
            snd_timer_id_set_class(id, Int32(SND_TIMER_CLASS_GLOBAL.rawValue))
            snd_timer_id_set_sclass(id, Int32(SND_TIMER_SCLASS_NONE.rawValue))
            snd_timer_id_set_card(id, -1)
            snd_timer_id_set_device(id, Int32(SND_TIMER_GLOBAL_SYSTEM))
            snd_timer_id_set_subdevice(id, 0)
            snd_seq_queue_timer_set_type(timer, SND_SEQ_TIMER_ALSA)
            snd_seq_queue_timer_set_id(timer, id)
        }
        snd_seq_queue_timer_set_resolution(timer, UInt32(hz))
        try SequencerError.check(snd_seq_set_queue_timer(seq, queue, timer),
                                 "snd_seq_set_queue_timer(\(systemTimer ? "system timer, " : "")\(hz) Hz)")
    }

    /// Subscribes `destination` to `source` with the kernel stamping each delivery with the real
    /// time of `timestampQueue`. (Not port-level timestamping: that would override the queue a
    /// subscription asks for.)
    static func subscribe(_ seq: OpaquePointer, from source: SequencerAddress, to destination: SequencerAddress,
                          timestampQueue: Int32) throws(SequencerError)
    {
        var subscription: OpaquePointer?
        try SequencerError.check(snd_seq_port_subscribe_malloc(&subscription), "snd_seq_port_subscribe_malloc")
        defer { snd_seq_port_subscribe_free(subscription) }
        var sender = snd_seq_addr_t(client: UInt8(truncatingIfNeeded: source.client), port: UInt8(truncatingIfNeeded: source.port))
        var receiver = snd_seq_addr_t(client: UInt8(truncatingIfNeeded: destination.client),
                                      port: UInt8(truncatingIfNeeded: destination.port))
        snd_seq_port_subscribe_set_sender(subscription, &sender)
        snd_seq_port_subscribe_set_dest(subscription, &receiver)
        snd_seq_port_subscribe_set_queue(subscription, timestampQueue)
        snd_seq_port_subscribe_set_time_update(subscription, 1)
        snd_seq_port_subscribe_set_time_real(subscription, 1)
        try SequencerError.check(snd_seq_subscribe_port(seq, subscription), "snd_seq_subscribe_port(\(source) → \(destination))")
    }

    private static func pollDescriptors(_ seq: OpaquePointer) throws(SequencerError) -> [pollfd] {
        let count = try SequencerError.check(snd_seq_poll_descriptors_count(seq, Int16(POLLIN)), "snd_seq_poll_descriptors_count")
        var descriptors = [pollfd](repeating: pollfd(), count: Int(count))
        let filled = try SequencerError.check(snd_seq_poll_descriptors(seq, &descriptors, UInt32(count), Int16(POLLIN)),
                                              "snd_seq_poll_descriptors")
        return Array(descriptors.prefix(Int(filled)))
    }

    /// Reads everything pending without blocking (the handle is non-blocking). Our own echoes
    /// are not passed on: each goes to the output queue's pacing, which may pause the queue, or
    /// marks the input clock settled.
    private static func drainInput(_ seq: OpaquePointer, _ echoes: EchoRoute, _ settling: InputClockSettling,
                                   _ pacing: inout OutputQueuePacing) -> [SequencerEvent] {
        var events: [SequencerEvent] = []
        while true {
            var event: UnsafeMutablePointer<snd_seq_event_t>?
            let result = snd_seq_event_input(seq, &event)
            if result == -ENOSPC { continue }  // the kernel's input pool overran: events were lost, go on
            guard result >= 0, let event else { break }  // -EAGAIN: nothing more for now
            if let serial = echoes.serial(of: event.pointee) {
                if pacing.isLatestEcho(serial) {
                    let empty = (try? echoes.queueIsEmpty(seq)) ?? false
                    echoes.carryOut(pacing.echoArrived(serial: serial, queueIsEmpty: empty), seq, &pacing)
                }
                continue
            }
            if echoes.isSettleMarker(event.pointee) {
                settling.settle()
                continue
            }
            events.append(SequencerEvent(decoding: event.pointee))
        }
        return events
    }
}
