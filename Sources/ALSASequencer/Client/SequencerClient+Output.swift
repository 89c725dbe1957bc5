import CAlsa

/// The client's output port as a MIDIOutput: direct sends bypass the queue; scheduled ones are
/// timed by the kernel on our real-time queue.
extension SequencerClient: MIDIOutput {
    public func send(_ message: MIDIMessage) throws {
        var event = try message.sequencerEvent()
        peach_seq_ev_route_to_subscribers(&event, Int32(outputPort.port))
        peach_seq_ev_set_direct(&event)
        try withHandle { seq throws(SequencerError) in
            try SequencerError.check(snd_seq_event_output_direct(seq, &event), "snd_seq_event_output_direct")
        }
    }

    public func schedule(_ message: MIDIMessage, at time: SequencerTime, tag: UInt8) throws {
        var event = try message.sequencerEvent()
        peach_seq_ev_route_to_subscribers(&event, Int32(outputPort.port))
        peach_seq_ev_schedule_real(&event, Int32(queue), UInt32(time.nanoseconds / 1_000_000_000),
                                   UInt32(time.nanoseconds % 1_000_000_000))
        event.tag = tag
        try withHandle { seq throws(SequencerError) in
            try SequencerError.check(snd_seq_event_output(seq, &event), "snd_seq_event_output")
            try SequencerError.check(snd_seq_drain_output(seq), "snd_seq_drain_output")
        }
    }

    public func cancelScheduled(tag: UInt8) throws {
        try withHandle { seq throws(SequencerError) in
            var remove: OpaquePointer?
            try SequencerError.check(snd_seq_remove_events_malloc(&remove), "snd_seq_remove_events_malloc")
            defer { snd_seq_remove_events_free(remove) }
            snd_seq_remove_events_set_condition(remove, UInt32(SND_SEQ_REMOVE_OUTPUT | SND_SEQ_REMOVE_TAG_MATCH))
            snd_seq_remove_events_set_queue(remove, Int32(queue))
            snd_seq_remove_events_set_tag(remove, Int32(tag))
            try SequencerError.check(snd_seq_remove_events(seq, remove), "snd_seq_remove_events(tag \(tag))")
        }
    }

    public func currentTime() throws -> SequencerTime {
        try queueStatus { status in
            let real = snd_seq_queue_status_get_real_time(status)!.pointee
            return SequencerTime(nanoseconds: UInt64(real.tv_sec) * 1_000_000_000 + UInt64(real.tv_nsec))
        }
    }

    /// Our queue is ours alone, so its event count is what we scheduled and the kernel has not
    /// dispatched yet.
    public func hasPendingScheduled() throws -> Bool {
        try queueStatus { status in snd_seq_queue_status_get_events(status) > 0 }
    }

    private func queueStatus<T>(_ read: (OpaquePointer?) -> T) throws(SequencerError) -> T {
        try withHandle { seq throws(SequencerError) in
            var status: OpaquePointer?
            try SequencerError.check(snd_seq_queue_status_malloc(&status), "snd_seq_queue_status_malloc")
            defer { snd_seq_queue_status_free(status) }
            try SequencerError.check(snd_seq_get_queue_status(seq, Int32(queue), status), "snd_seq_get_queue_status")
            return read(status)
        }
    }
}
