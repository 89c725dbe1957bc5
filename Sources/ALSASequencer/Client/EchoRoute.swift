import CAlsa
import Glibc

/// How `OutputQueuePacing`'s plans reach the kernel: echo events from our output port to our
/// own input port (never to the subscribers, so `cancelScheduled` does not withdraw them), on
/// the output queue, and the queue's STOP. Called with the handle's lock held.
struct EchoRoute: Sendable {
    let client: Int32
    let outputPort: Int32
    let inputPort: Int32
    let queue: Int32

    /// The echo event, scheduled at the echo's time; its serial rides in the data.
    func event(for echo: OutputQueuePacing.Echo) -> snd_seq_event_t {
        var event = snd_seq_event_t()
        event.type = snd_seq_event_type_t(SND_SEQ_EVENT_ECHO.rawValue)
        peach_seq_ev_route_to(&event, outputPort, client, inputPort)
        peach_seq_ev_schedule_real(&event, queue, UInt32(echo.time.nanoseconds / 1_000_000_000),
                                   UInt32(echo.time.nanoseconds % 1_000_000_000))
        event.data.raw32.d.0 = echo.serial
        return event
    }

    /// The serial of one of our output queue's echoes, nil for any other event.
    func serial(of event: snd_seq_event_t) -> UInt32? {
        guard isOurs(event), event.data.raw32.d.1 == 0 else { return nil }
        return event.data.raw32.d.0
    }

    /// Whether this is the marker `scheduleSettleMarker` put on the input queue.
    func isSettleMarker(_ event: snd_seq_event_t) -> Bool {
        isOurs(event) && event.data.raw32.d.1 == Self.settleMarker
    }

    /// Schedules an echo on `inputQueue` at its clock's first nanosecond: the kernel sends it at
    /// the queue's first tick, which is when a start delayed by another queue on the same timer
    /// catches up (see `SequencerClient.inputClockSettled()`).
    func scheduleSettleMarker(on inputQueue: Int32, _ seq: OpaquePointer) throws(SequencerError) {
        var event = snd_seq_event_t()
        event.type = snd_seq_event_type_t(SND_SEQ_EVENT_ECHO.rawValue)
        peach_seq_ev_route_to(&event, outputPort, client, inputPort)
        peach_seq_ev_schedule_real(&event, inputQueue, 0, 1)
        event.data.raw32.d.1 = Self.settleMarker
        try SequencerError.check(snd_seq_event_output(seq, &event), "snd_seq_event_output(settle marker)")
        try SequencerError.check(snd_seq_drain_output(seq), "snd_seq_drain_output")
    }

    private static let settleMarker: UInt32 = 1

    private func isOurs(_ event: snd_seq_event_t) -> Bool {
        event.type == snd_seq_event_type_t(SND_SEQ_EVENT_ECHO.rawValue)
            && Int32(event.source.client) == client && Int32(event.source.port) == outputPort
    }

    /// Whether the kernel holds nothing on the output queue (ours or, in principle, anyone's).
    func queueIsEmpty(_ seq: OpaquePointer) throws(SequencerError) -> Bool {
        try Self.withStatus(seq, queue: queue) { snd_seq_queue_status_get_events($0) == 0 }
    }

    /// Writes the echo (buffered; the caller drains).
    func output(_ echo: OutputQueuePacing.Echo, _ seq: OpaquePointer) throws(SequencerError) {
        var event = event(for: echo)
        try SequencerError.check(snd_seq_event_output(seq, &event), "snd_seq_event_output(echo)")
    }

    /// Withdraws every echo still on the output queue.
    func withdrawEchoes(_ seq: OpaquePointer) throws(SequencerError) {
        var remove: OpaquePointer?
        try SequencerError.check(snd_seq_remove_events_malloc(&remove), "snd_seq_remove_events_malloc")
        defer { snd_seq_remove_events_free(remove) }
        snd_seq_remove_events_set_condition(remove, UInt32(SND_SEQ_REMOVE_OUTPUT | SND_SEQ_REMOVE_DEST))
        snd_seq_remove_events_set_queue(remove, queue)
        var destination = snd_seq_addr_t(client: UInt8(truncatingIfNeeded: client), port: UInt8(truncatingIfNeeded: inputPort))
        snd_seq_remove_events_set_dest(remove, &destination)
        try SequencerError.check(snd_seq_remove_events(seq, remove), "snd_seq_remove_events(echoes)")
    }

    /// Does what the pacing decided. Nothing here can throw to anyone (the reader thread calls
    /// it too): a failed pause leaves the queue running, a failed echo makes the pacing forget.
    func carryOut(_ action: OutputQueuePacing.AfterEcho, _ seq: OpaquePointer, _ pacing: inout OutputQueuePacing) {
        switch action {
        case .nothing:
            return
        case .pause:
            let stopped = snd_seq_control_queue(seq, queue, Int32(SND_SEQ_EVENT_STOP.rawValue), 0, nil) >= 0
                && snd_seq_drain_output(seq) >= 0
            if !stopped {
                snd_seq_drop_output(seq)
                pacing.pauseFailed()
            }
        case .echoAgain(let echo):
            do throws(SequencerError) {
                try output(echo, seq)
                try SequencerError.check(snd_seq_drain_output(seq), "snd_seq_drain_output")
            } catch {
                snd_seq_drop_output(seq)
                pacing.forget()
            }
        }
    }

    /// A queue's real-time clock now.
    static func realTime(_ seq: OpaquePointer, queue: Int32) throws(SequencerError) -> SequencerTime {
        try withStatus(seq, queue: queue) { status in
            let real = snd_seq_queue_status_get_real_time(status)!.pointee
            return SequencerTime(nanoseconds: UInt64(real.tv_sec) * 1_000_000_000 + UInt64(real.tv_nsec))
        }
    }

    /// Reads the queue's status (any client may read any queue's).
    static func withStatus<T>(_ seq: OpaquePointer, queue: Int32, _ read: (OpaquePointer?) -> T) throws(SequencerError) -> T {
        var status: OpaquePointer?
        try SequencerError.check(snd_seq_queue_status_malloc(&status), "snd_seq_queue_status_malloc")
        defer { snd_seq_queue_status_free(status) }
        try SequencerError.check(snd_seq_get_queue_status(seq, queue, status), "snd_seq_get_queue_status(\(queue))")
        return read(status)
    }
}
