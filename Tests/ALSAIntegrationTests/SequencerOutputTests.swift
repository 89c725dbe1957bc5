import ALSASequencer
import Foundation
import PeachTestSupport
import Testing

@Suite("Sending through the sequencer to a subscribed client",
       .enabled(if: KernelSequencer.isPresent, KernelSequencer.skipReason), .timeLimit(.minutes(Patience.minutes(1))))
struct SequencerOutputTests {
    @Test("direct events arrive in order with their values and a kernel timestamp")
    func directEventsArriveInOrder() async throws {
        let peach = try SequencerClient(name: "Peach Direct Test")
        defer { peach.close() }
        let receiver = try ReceivingClient(from: peach.outputPort)
        await receiver.settled()
        let sent: [MIDIMessage] = [
            .controlChange(channel: 0, controller: 101, value: 0), .controlChange(channel: 0, controller: 100, value: 0),
            .controlChange(channel: 0, controller: 6, value: 2), .controlChange(channel: 0, controller: 38, value: 0),
            .programChange(channel: 3, program: 79), .pitchBend(channel: 0, value: -8192), .pitchBend(channel: 0, value: 8191),
            .noteOn(channel: 0, note: 69, velocity: 100), .channelPressure(channel: 15, pressure: 127),
            .noteOff(channel: 0, note: 69, velocity: 64),
        ]
        for message in sent { try peach.send(message) }

        let received = await receiver.midiEvents(count: sent.count)
        #expect(received.map(\.midiMessage) == sent)
        let stamps = received.compactMap(\.timestampNanoseconds)
        #expect(stamps.count == sent.count)
        // A queue's time between two timer ticks is extrapolated from the system clock; a tick
        // that comes late (seen under qemu TCG on a loaded machine) is counted at its nominal
        // length, so the queue's time can step back by a fraction of a millisecond (seen:
        // 0.44 ms). Order is what the values above prove; the stamps must only be close to it.
        let steps = zip(stamps, stamps.dropFirst()).map { Int64($1) - Int64($0) }
        #expect(steps.allSatisfy { $0 > -1_000_000 }, "no stamp more than 1 ms before the one ahead of it: \(stamps)")
        #expect((stamps.last ?? 0) >= (stamps.first ?? 0), "\(stamps)")
    }

    @Test("a stop reaches the synth after someone else removed the subscription (aconnect -d); a plain send does not")
    func stopReachesAnUnsubscribedSynth() async throws {
        let peach = try SequencerClient(name: "Peach Unsubscribed Test")
        defer { peach.close() }
        let synth = try SequencerClient(name: "Unsubscribed Synth")
        defer { synth.close() }
        let received = EventCollector(synth.events())
        try peach.connectOutput(to: synth.inputPort)
        try peach.send(.noteOn(channel: 0, note: 69, velocity: 100))
        #expect(await received.waitFor { $0.midiMessage == .noteOn(channel: 0, note: 69, velocity: 100) }, "the note sounds")

        try await ALSATools.aconnect("\(peach.outputPort)", "\(synth.inputPort)", disconnect: true)
        try peach.send(.noteOff(channel: 0, note: 69, velocity: 0))
        try peach.sendToConnected(.controlChange(channel: 0, controller: 123, value: 0))
        #expect(await received.waitFor { $0.midiMessage == .controlChange(channel: 0, controller: 123, value: 0) },
                "All Notes Off reached the synth directly")
        // Sent before it on the same way in: had it been delivered, it would be here by now.
        let messages = await received.events.compactMap(\.midiMessage)
        #expect(!messages.contains(.noteOff(channel: 0, note: 69, velocity: 0)), "a plain send went to no subscriber: \(messages)")
    }

    @Test("an event scheduled 200 ms ahead is delivered at its stamp, on the HR timer")
    func scheduledEventIsOnTime() async throws {
        let peach = try SequencerClient(name: "Peach Schedule Test")
        defer { peach.close() }
        // Stamped on Peach's output queue, so delivery time and schedule are on one clock.
        let receiver = try ReceivingClient(from: peach.outputPort, timestampQueue: peach.outputQueue)
        // snd-hrtimer was loaded before snd-seq, so the queue runs on it, not on 4 ms jiffies.
        let timers = try String(contentsOfFile: "/proc/asound/seq/timer", encoding: .utf8)
        #expect(timers.contains("Timer for queue \(peach.outputQueue) : HR timer"), "\(timers)")
        let due = try peach.currentTime().advanced(by: .milliseconds(200))
        try peach.schedule(.noteOff(channel: 2, note: 60, velocity: 0), at: due, tag: 1)

        let event = try #require(await receiver.midiEvents(count: 1).first)
        #expect(event.midiMessage == .noteOff(channel: 2, note: 60, velocity: 0))
        let delivered = try #require(event.timestampNanoseconds)
        let error = Int64(delivered) - Int64(due.nanoseconds)
        #expect(error >= 0 && error <= KernelSequencer.deliveryTolerance, "delivered \(Double(error) / 1e6) ms after its stamp")
    }

    @Test("a client asking for the fastest tick gets a 0.16 ms period on its output queue; a faster request is capped there; input queues tick at 10 Hz on the system timer")
    func fastestTick() throws {
        let fast = try SequencerClient(name: "Peach Fast Tick Test", queueTickHz: SequencerClient.fastestTickHz)
        defer { fast.close() }
        let faster = try SequencerClient(name: "Peach Faster Tick Test", queueTickHz: 20_000)
        defer { faster.close() }
        let plain = try SequencerClient(name: "Peach Default Tick Test")
        defer { plain.close() }
        // An output queue sets up its timer when it first runs: schedule something far ahead.
        for client in [fast, faster, plain] {
            try client.schedule(.noteOff(channel: 0, note: 60, velocity: 0), at: try client.currentTime().advanced(by: .seconds(30)), tag: 1)
        }
        let timers = try String(contentsOfFile: "/proc/asound/seq/timer", encoding: .utf8)
        #expect(Self.period(of: fast.outputQueue, in: timers) == "0.000160000", "\(timers)")
        #expect(Self.period(of: faster.outputQueue, in: timers) == "0.000160000", "\(timers)")
        #expect(Self.period(of: plain.outputQueue, in: timers) == "0.001000000", "\(timers)")
        for client in [fast, faster, plain] {
            #expect(timers.contains("Timer for queue \(client.inputQueue) : system timer"), "\(timers)")
            #expect(Self.period(of: client.inputQueue, in: timers) == "0.100000000", "\(timers)")
        }
        #expect(fast.tickPeriod == .microseconds(160) && faster.tickPeriod == .microseconds(160))
        #expect(plain.tickPeriod == .milliseconds(1))
    }

    /// "Period time : 0.000160000" in the queue's block of /proc/asound/seq/timer.
    private static func period(of queue: Int, in timers: String) -> String? {
        let blocks = timers.components(separatedBy: "Timer for queue ").dropFirst()
        guard let block = blocks.first(where: { $0.hasPrefix("\(queue) ") }),
              let line = block.split(separator: "\n").first(where: { $0.contains("Period time") }) else { return nil }
        return line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces)
    }

    @Test("cancelScheduled removes the tagged event and leaves the others")
    func cancelRemovesTaggedEvents() async throws {
        let peach = try SequencerClient(name: "Peach Cancel Test")
        defer { peach.close() }
        let receiver = try ReceivingClient(from: peach.outputPort)
        let now = try peach.currentTime()
        try peach.schedule(.noteOff(channel: 0, note: 60, velocity: 0), at: now.advanced(by: .milliseconds(200)), tag: 7)
        try peach.schedule(.noteOff(channel: 0, note: 62, velocity: 0), at: now.advanced(by: .milliseconds(250)), tag: 8)
        try peach.cancelScheduled(tag: 7)

        // Tag 7 was due first, so once tag 8 has arrived it would have too.
        _ = await receiver.received.first { $0.midiMessage == .noteOff(channel: 0, note: 62, velocity: 0) }
        #expect(await receiver.received.midiMessages == [.noteOff(channel: 0, note: 62, velocity: 0)])
    }

    @Test("values that do not fit MIDI are refused before they reach ALSA")
    func refusesOutOfRangeValues() throws {
        let peach = try SequencerClient(name: "Peach Refuse Test")
        defer { peach.close() }
        #expect(throws: SequencerError.unencodable(.noteOn(channel: 16, note: 60, velocity: 1), reason: "channel 16 is outside 0…15")) {
            try peach.send(.noteOn(channel: 16, note: 60, velocity: 1))
        }
    }
}

@Suite("Connecting Peach's output to a synth's port",
       .enabled(if: KernelSequencer.isPresent, KernelSequencer.skipReason), .timeLimit(.minutes(Patience.minutes(1))))
struct SequencerConnectionTests {
    @Test("connectOutput delivers to the destination; after disconnectOutput nothing does")
    func connectAndDisconnectOutput() async throws {
        let peach = try SequencerClient(name: "Peach Connect Test")
        defer { peach.close() }
        let synth = try SequencerClient(name: "Peach Test Synth")
        defer { synth.close() }
        let received = EventCollector(synth.events())
        let destination = try peach.resolvePort("Peach Test Synth", for: .destination).address
        #expect(destination == synth.inputPort)

        try peach.connectOutput(to: destination)
        try peach.send(.noteOn(channel: 0, note: 60, velocity: 90))
        try peach.disconnectOutput(from: destination)
        try peach.send(.noteOn(channel: 0, note: 61, velocity: 90))
        try peach.connectOutput(to: destination)
        try peach.send(.noteOn(channel: 0, note: 62, velocity: 90))

        // 62 went out after 61, so once it is here, 61 would be too.
        _ = await received.first { $0.midiMessage == .noteOn(channel: 0, note: 62, velocity: 90) }
        #expect(await received.midiMessages == [.noteOn(channel: 0, note: 60, velocity: 90), .noteOn(channel: 0, note: 62, velocity: 90)])
        #expect(throws: SequencerError.self) { try peach.disconnectOutput(from: SequencerAddress(client: 14, port: 0)) }
    }
}
