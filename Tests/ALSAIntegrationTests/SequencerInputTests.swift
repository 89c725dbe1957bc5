import ALSASequencer
import PeachTestSupport
import Testing

@Suite("Receiving from a keyboard (snd-virmidi fed by amidi)",
       .enabled(if: KernelSequencer.isPresent, KernelSequencer.skipReason), .timeLimit(.minutes(Patience.minutes(1))))
struct SequencerInputTests {
    @Test("a key typed into hw:0,0 arrives from 16:0 as a timestamped note-on")
    func noteOnFromVirmidi() async throws {
        let peach = try SequencerClient(name: "Peach Input Test")
        defer { peach.close() }
        let received = EventCollector(peach.events())
        try peach.connectInput(from: try peach.resolvePort("16:0", for: .source).address)

        try await ALSATools.amidi(port: "hw:0,0", send: "90 3C 64")
        let note = await received.first { $0.midiMessage?.channel != nil }
        #expect(note?.source == SequencerAddress(client: 16, port: 0))
        #expect(note?.midiMessage == .noteOn(channel: 0, note: 60, velocity: 100))
        #expect(note?.timestampNanoseconds != nil)

        // Running status with velocity 0: a note-off.
        try await ALSATools.amidi(port: "hw:0,0", send: "90 3C 00")
        #expect(await received.first { $0.midiMessage == .noteOff(channel: 0, note: 60, velocity: 0) } != nil)
    }

    @Test("garbage bytes do not break the reader: the next valid message still arrives")
    func garbageDoesNotBreakTheReader() async throws {
        let peach = try SequencerClient(name: "Peach Garbage Test")
        defer { peach.close() }
        let received = EventCollector(peach.events())
        try peach.connectInput(from: SequencerAddress(client: 17, port: 0))

        try await ALSATools.amidi(port: "hw:0,1", send: "F5 FF 13 80")
        try await ALSATools.amidi(port: "hw:0,1", send: "F0 01 02 B0 E5 13 FE 7F 00")
        try await ALSATools.amidi(port: "hw:0,1", send: "E3 00 40 B1 01 7F")
        let bend = await received.first { $0.midiMessage == .pitchBend(channel: 3, value: 0) }
        #expect(bend?.source == SequencerAddress(client: 17, port: 0))
        #expect(await received.first { $0.midiMessage == .controlChange(channel: 1, controller: 1, value: 127) } != nil)
    }

    @Test("a sink stamping every input stamps what arrives through another client's connection")
    func stampingSinkStampsForeignConnections() async throws {
        let sender = try SequencerClient(name: "Peach Stamp Sender")
        defer { sender.close() }
        let plain = try SequencerClient(name: "Peach Plain Sink")
        defer { plain.close() }
        let stamping = try SequencerClient(name: "Peach Stamping Sink", stampingEveryInput: true)
        defer { stamping.close() }
        let plainReceived = EventCollector(plain.events())
        let stampedReceived = EventCollector(stamping.events())
        // The sender makes both connections, as a program under test connects to its synth.
        try sender.connectOutput(to: plain.inputPort)
        try sender.connectOutput(to: stamping.inputPort)

        await stamping.inputClockSettled()
        let before = try stamping.inputTime()
        try sender.send(.noteOn(channel: 0, note: 60, velocity: 1))
        let stamped = await stampedReceived.first { $0.midiMessage != nil }
        let unstamped = await plainReceived.first { $0.midiMessage != nil }
        #expect(unstamped?.timestampNanoseconds == nil)
        let stamp = try #require(stamped?.timestampNanoseconds)
        let after = try stamping.inputTime()
        // Stamps and the status both extrapolate the input queue's time from its last tick; a
        // tick that came late can make the clock step back a little (see stampTolerance).
        let tolerance = KernelSequencer.stampTolerance
        #expect(stamp + tolerance >= before.nanoseconds && stamp <= after.nanoseconds + tolerance,
                "stamp \(stamp) ns, input queue at \(before) before sending, \(after) after")
    }
}
