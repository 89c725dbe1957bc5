import CAlsa
import Glibc

/// The client's output port as a MIDIOutput: direct sends bypass the queues; scheduled ones are
/// timed by the kernel on our output queue, which runs only while something waits on it.
extension SequencerClient: MIDIOutput {
    /// Sends at once, bypassing the queues. A receiver whose input pool is full (a synth that has fallen behind a burst) makes the
    /// kernel answer EAGAIN to our non-blocking client: that is a pause, not a lost output, so
    /// the send is tried again for up to `fullReceiverPatience` before it fails.
    public func send(_ message: MIDIMessage) throws {
        var event = try message.sequencerEvent()
        peach_seq_ev_route_to_subscribers(&event, Int32(outputPort.port))
        try output(event)
    }

    /// `send`, and the same message straight to each destination `connectOutput(to:)` named
    /// whose subscription someone else removed (a patchbay, `aconnect -d`): a stop must reach
    /// the synth that holds the note, subscribed or not.
    public func sendToConnected(_ message: MIDIMessage) throws {
        try send(message)
        for destination in connectedOutputs.withLock({ $0 }) where !isSubscribed(output: destination) {
            var event = try message.sequencerEvent()
            peach_seq_ev_route_to(&event, Int32(outputPort.port), Int32(destination.client), Int32(destination.port))
            try output(event)
        }
    }

    /// Writes `event` at once, bypassing the queues (see `send`).
    private func output(_ event: snd_seq_event_t) throws {
        var event = event
        peach_seq_ev_set_direct(&event)
        let prepared = event
        var waited: Duration = .zero
        while true {
            let result = try withHandle { seq throws(SequencerError) -> Int32 in
                var event = prepared
                return snd_seq_event_output_direct(seq, &event)
            }
            guard result == -EAGAIN, waited < Self.fullReceiverPatience else {
                try SequencerError.check(result, "snd_seq_event_output_direct")
                return
            }
            // The lock is not held meanwhile: the reader goes on draining our own input.
            usleep(UInt32(Self.fullReceiverRetry / .microseconds(1)))
            waited += Self.fullReceiverRetry
        }
    }

    /// How long a send waits, in all, for a receiver whose input pool is full.
    public static let fullReceiverPatience: Duration = .milliseconds(100)
    private static let fullReceiverRetry: Duration = .microseconds(250)

    /// The kernel's limit for `init(inputPool:)` (SNDRV_SEQ_MAX_EVENTS).
    public static let largestInputPool = 2000

    /// Continues the output queue if it is paused (its clock goes on from where it stood), then
    /// schedules the message and, when it is the latest thing due, an echo behind it that lets
    /// the reader thread pause the queue once it is empty again; all in one write.
    public func schedule(_ message: MIDIMessage, at time: SequencerTime, tag: UInt8) throws {
        try schedule([ScheduledMessage(message, at: time)], tag: tag)
    }

    /// Continues the output queue if it is paused, then writes every message and, when the
    /// latest of them is the latest thing due, an echo behind it; one write, one drain.
    public func schedule(_ messages: [ScheduledMessage], tag: UInt8) throws {
        guard let latest = messages.map(\.time).max() else { return }
        var events = try messages.map { scheduled in
            var event = try scheduled.message.sequencerEvent()
            peach_seq_ev_route_to_subscribers(&event, Int32(outputPort.port))
            peach_seq_ev_schedule_real(&event, Int32(outputQueue), UInt32(scheduled.time.nanoseconds / 1_000_000_000),
                                       UInt32(scheduled.time.nanoseconds % 1_000_000_000))
            event.tag = tag
            return event
        }
        let echoes = self.echoes
        try handle.withOpen { seq, pacing throws(SequencerError) in
            let plan = pacing.scheduling(at: latest)
            do throws(SequencerError) {
                if plan.continueQueue {
                    try SequencerError.check(snd_seq_control_queue(seq, echoes.queue, Int32(SND_SEQ_EVENT_CONTINUE.rawValue), 0, nil),
                                             "snd_seq_control_queue(continue)")
                }
                for index in events.indices {
                    try SequencerError.check(snd_seq_event_output(seq, &events[index]), "snd_seq_event_output")
                }
                if let echo = plan.echo { try echoes.output(echo, seq) }
                try SequencerError.check(snd_seq_drain_output(seq), "snd_seq_drain_output")
            } catch {
                snd_seq_drop_output(seq)
                pacing.forget()
                throw error
            }
        }
    }

    /// Keeps the output queue running, empty or not, until `releaseOutputQueue()`: its clock
    /// then goes on between scheduled events, so input stamped on it (`connectInput(from:
    /// timestampQueue: outputQueue)`) and the times of what we schedule are on one clock. Costs
    /// the queue's tick in timer interrupts while held.
    public func holdOutputQueue() throws(SequencerError) {
        let echoes = self.echoes
        try handle.withOpen { seq, pacing throws(SequencerError) in
            guard pacing.holding() else { return }
            do throws(SequencerError) {
                try SequencerError.check(snd_seq_control_queue(seq, echoes.queue, Int32(SND_SEQ_EVENT_CONTINUE.rawValue), 0, nil),
                                         "snd_seq_control_queue(continue)")
                try SequencerError.check(snd_seq_drain_output(seq), "snd_seq_drain_output")
            } catch {
                snd_seq_drop_output(seq)
                pacing.forget()
                throw error
            }
        }
    }

    /// Ends `holdOutputQueue()`: the queue pauses once nothing is left on it.
    public func releaseOutputQueue() throws(SequencerError) {
        let echoes = self.echoes
        try handle.withOpen { seq, pacing throws(SequencerError) in
            guard let echo = pacing.releasing(at: try EchoRoute.realTime(seq, queue: echoes.queue)) else { return }
            echoes.carryOut(.echoAgain(echo), seq, &pacing)
        }
    }

    /// Withdraws the tagged messages (only those to our subscribers: the queue's echoes stay out
    /// of it); if nothing else waits on the output queue then, it is paused at once.
    public func cancelScheduled(tag: UInt8) throws {
        let echoes = self.echoes
        try handle.withOpen { seq, pacing throws(SequencerError) in
            var remove: OpaquePointer?
            try SequencerError.check(snd_seq_remove_events_malloc(&remove), "snd_seq_remove_events_malloc")
            defer { snd_seq_remove_events_free(remove) }
            snd_seq_remove_events_set_condition(remove, UInt32(SND_SEQ_REMOVE_OUTPUT | SND_SEQ_REMOVE_DEST | SND_SEQ_REMOVE_TAG_MATCH))
            snd_seq_remove_events_set_queue(remove, Int32(outputQueue))
            // Where peach_seq_ev_route_to_subscribers addresses what we schedule.
            var subscribers = snd_seq_addr_t(client: UInt8(SND_SEQ_ADDRESS_SUBSCRIBERS), port: UInt8(SND_SEQ_ADDRESS_UNKNOWN))
            snd_seq_remove_events_set_dest(remove, &subscribers)
            snd_seq_remove_events_set_tag(remove, Int32(tag))
            try SequencerError.check(snd_seq_remove_events(seq, remove), "snd_seq_remove_events(tag \(tag))")
            guard pacing.running else { return }
            try echoes.withdrawEchoes(seq)
            echoes.carryOut(pacing.withdrawn(queueIsEmpty: try echoes.queueIsEmpty(seq)), seq, &pacing)
        }
    }

    /// The output queue's clock: it advances only while the queue runs (something is scheduled),
    /// so it is for computing schedule times, not for comparing with input stamps (`inputTime()`).
    public func currentTime() throws -> SequencerTime {
        try time(of: outputQueue)
    }

    /// The input queue's clock now: the clock every stamp in `events()` is on (unless a
    /// `connectInput` asked for another queue). It always runs.
    public func inputTime() throws(SequencerError) -> SequencerTime {
        try time(of: inputQueue)
    }

    /// Our output queue is ours alone, so its event count is what we scheduled and the kernel
    /// has not dispatched yet, plus the echo that pauses the queue behind the latest of it (which
    /// errs on the safe side: "pending" a moment longer).
    public func hasPendingScheduled() throws -> Bool {
        try withHandle { seq throws(SequencerError) in
            try !echoes.queueIsEmpty(seq)
        }
    }

    private func time(of queue: Int) throws(SequencerError) -> SequencerTime {
        try withHandle { seq throws(SequencerError) in try EchoRoute.realTime(seq, queue: Int32(queue)) }
    }
}
