import CAlsa
import Glibc

/// One ALSA sequencer client with an output port (what we send reaches its subscribers), an
/// input port (what reaches it comes out of `events()`; sources connected with `connectInput`
/// and the System Announce port are stamped with the kernel's real time on our queue), and a
/// running real-time queue for scheduled events.
///
/// Sendable: the snd_seq_t handle lives behind a mutex, taken briefly by every call and by the
/// reader thread when it drains input. `close()` (also run on deinit) releases the ports, the
/// queue, the client and the reader thread; it is idempotent.
public final class SequencerClient: Sendable {
    public let name: String
    public let clientID: Int
    /// Our output port: `send`/`schedule` go to everything subscribed to it.
    public let outputPort: SequencerAddress
    /// Our input port: sources connected to it, and the System Announce port, arrive in `events()`.
    public let inputPort: SequencerAddress
    /// The real-time queue that schedules our output and stamps our input.
    public let queue: Int
    /// How often the kernel checks the queue for due events: a scheduled event leaves at the
    /// first check at or after its time, up to one period late.
    public let tickPeriod: Duration

    /// The kernel checks a queue at most 6250 times a second (it caps a faster request there).
    public static let fastestTickHz = 6250
    /// The kernel's default when a client asks for nothing.
    public static let defaultTickHz = 1000

    let handle: SequencerHandle
    private let reader: EventReader
    private let broadcast = EventBroadcast()

    /// Opens a client named `name` (as `aconnect -l` will show it) with both ports, starts its
    /// queue (the kernel's default timer: hrtimer) and subscribes to the System Announce port.
    ///
    /// - Parameter queueTickHz: how often the kernel checks our queue (`defaultTickHz` unless
    ///   set; at most `fastestTickHz`). Faster means scheduled events leave closer to their time,
    ///   for more timer interrupts while the client runs.
    /// - Parameter stampingEveryInput: stamp every event reaching the input port with our
    ///   queue's real time, also through connections other clients made to it (a measuring sink
    ///   that programs under test send to, as they would to a synth). Off, only connections made
    ///   with `connectInput` are stamped, each on the queue it asks for.
    public init(name: String, outputPortName: String = "output", inputPortName: String = "input",
                stampingEveryInput: Bool = false, queueTickHz: Int? = nil) throws(SequencerError)
    {
        peach_silence_alsa_diagnostics()  // our errors carry the text; libasound would print it again
        var opened: OpaquePointer?
        try SequencerError.check(snd_seq_open(&opened, "default", SND_SEQ_OPEN_DUPLEX, SND_SEQ_NONBLOCK), "snd_seq_open")
        guard let seq = opened else { throw .alsa(call: "snd_seq_open", code: -ENOMEM, message: "no handle", hint: nil) }
        do {
            try SequencerError.check(snd_seq_set_client_name(seq, name), "snd_seq_set_client_name")
            let clientID = try SequencerError.check(snd_seq_client_id(seq), "snd_seq_client_id")
            let queue = try SequencerError.check(snd_seq_alloc_named_queue(seq, name), "snd_seq_alloc_named_queue")
            let tickHz = min(max(queueTickHz ?? Self.defaultTickHz, 1), Self.fastestTickHz)
            if tickHz != Self.defaultTickHz { try Self.setTickRate(seq, queue: queue, hz: tickHz) }
            let output = try Self.createPort(seq, name: outputPortName, capabilities: [.read, .subscribeRead])
            let input = try Self.createPort(seq, name: inputPortName, capabilities: [.write, .subscribeWrite],
                                            timestampQueue: stampingEveryInput ? queue : nil)
            try SequencerError.check(snd_seq_control_queue(seq, queue, Int32(SND_SEQ_EVENT_START.rawValue), 0, nil),
                                     "snd_seq_control_queue(start)")
            try SequencerError.check(snd_seq_drain_output(seq), "snd_seq_drain_output")
            try Self.subscribe(seq, from: SequencerAddress(client: Int(SND_SEQ_CLIENT_SYSTEM), port: Int(SND_SEQ_PORT_SYSTEM_ANNOUNCE)),
                               to: SequencerAddress(client: Int(clientID), port: Int(input)), timestampQueue: queue)
            let descriptors = try Self.pollDescriptors(seq)

            self.name = name
            self.clientID = Int(clientID)
            self.queue = Int(queue)
            self.tickPeriod = .nanoseconds(1_000_000_000 / tickHz)
            self.outputPort = SequencerAddress(client: Int(clientID), port: Int(output))
            self.inputPort = SequencerAddress(client: Int(clientID), port: Int(input))
            let handle = SequencerHandle(seq)
            self.handle = handle
            let broadcast = self.broadcast
            self.reader = try EventReader(descriptors: descriptors,
                                          drain: { try? handle.withOpen(Self.drainInput) },
                                          deliver: { broadcast.deliver($0) },
                                          finished: { broadcast.finish() })
        } catch {
            snd_seq_close(seq)  // releases the ports and the queue with the client
            throw error
        }
    }

    deinit { close() }

    /// A new stream of everything that reaches the input port, plus System announcements. Each
    /// call gets its own stream with every event from then on; all end when the client closes.
    public func events() -> AsyncStream<SequencerEvent> { broadcast.stream() }

    /// Calls `handler` with everything `events()` gives, synchronously on the reader thread as
    /// soon as it is read, before any stream: for a reaction that must not wait for a task to
    /// be scheduled. It must not block; it may send (the client's lock is not held).
    public func onInput(_ handler: @escaping @Sendable (SequencerEvent) -> Void) {
        broadcast.observe(handler)
    }

    /// Stops the reader, deletes the ports and the queue and closes the client. Safe to call
    /// more than once and from any thread.
    public func close() {
        guard let seq = handle.take() else { return }
        reader.stop()
        snd_seq_delete_port(seq, Int32(outputPort.port))
        snd_seq_delete_port(seq, Int32(inputPort.port))
        snd_seq_free_queue(seq, Int32(queue))
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

    private static func setTickRate(_ seq: OpaquePointer, queue: Int32, hz: Int) throws(SequencerError) {
        var timer: OpaquePointer?
        try SequencerError.check(snd_seq_queue_timer_malloc(&timer), "snd_seq_queue_timer_malloc")
        defer { snd_seq_queue_timer_free(timer) }
        try SequencerError.check(snd_seq_get_queue_timer(seq, queue, timer), "snd_seq_get_queue_timer")
        snd_seq_queue_timer_set_resolution(timer, UInt32(hz))
        try SequencerError.check(snd_seq_set_queue_timer(seq, queue, timer), "snd_seq_set_queue_timer(\(hz) Hz)")
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

    /// Reads everything pending without blocking (the handle is non-blocking).
    private static func drainInput(_ seq: OpaquePointer) -> [SequencerEvent] {
        var events: [SequencerEvent] = []
        while true {
            var event: UnsafeMutablePointer<snd_seq_event_t>?
            let result = snd_seq_event_input(seq, &event)
            if result == -ENOSPC { continue }  // the kernel's input pool overran: events were lost, go on
            guard result >= 0, let event else { break }  // -EAGAIN: nothing more for now
            events.append(SequencerEvent(decoding: event.pointee))
        }
        return events
    }
}
