import ALSASequencer
import PeachTestSupport
import Testing

@Suite("Sequencer ports in the kernel's graph", .enabled(if: KernelSequencer.isPresent, KernelSequencer.skipReason),
       .timeLimit(.minutes(Patience.minutes(1))))
struct SequencerPortsTests {
    @Test("lists System, Midi Through 14:0, the four VirMIDI ports 16:0–19:0 and our own ports")
    func listsKernelAndOwnPorts() throws {
        let client = try SequencerClient(name: "Peach Ports Test")
        defer { client.close() }
        let ports = try client.ports()
        func port(_ client: Int, _ port: Int) -> SequencerPort? {
            ports.first { $0.address == SequencerAddress(client: client, port: port) }
        }

        #expect(port(0, 0)?.clientName == "System")
        #expect(port(0, 0)?.portName == "Timer")
        #expect(port(0, 1)?.portName == "Announce")
        #expect(port(0, 1)?.direction == .output)
        let through = try #require(port(14, 0))
        #expect(through.clientName == "Midi Through")
        #expect(through.portName == "Midi Through Port-0")
        #expect(through.clientType == .kernel)
        #expect(through.direction == .duplex && through.canBeSource && through.canBeDestination)
        for (offset, client) in (16...19).enumerated() {
            let virmidi = try #require(port(client, 0))
            #expect(virmidi.clientName == "Virtual Raw MIDI 0-\(offset)")
            #expect(virmidi.portName == "VirMIDI 0-\(offset)")
            #expect(virmidi.clientType == .kernel)
        }
        let output = try #require(ports.first { $0.address == client.outputPort })
        #expect(output.clientName == "Peach Ports Test" && output.clientType == .user)
        #expect(output.canBeSource && !output.capabilities.contains(.write))
        let input = try #require(ports.first { $0.address == client.inputPort })
        #expect(input.canBeDestination && !input.capabilities.contains(.read))
    }

    @Test("resolves numbers, names and prefixes the way aconnect users write them")
    func resolvesPorts() throws {
        let client = try SequencerClient(name: "Peach Resolve Test")
        defer { client.close() }
        #expect(try client.resolvePort("14:0").address == SequencerAddress(client: 14, port: 0))
        #expect(try client.resolvePort("Midi Through").address == SequencerAddress(client: 14, port: 0))
        #expect(try client.resolvePort("virmidi 0-1", for: .source).address == SequencerAddress(client: 17, port: 0))
        #expect(try client.resolvePort("Virtual Raw MIDI 0-3:0").address == SequencerAddress(client: 19, port: 0))

        let ambiguous = #expect(throws: SequencerError.self) { try client.resolvePort("VirMIDI") }
        guard case .ambiguousPort(_, let matches)? = ambiguous else {
            Issue.record("expected an ambiguity error, got \(String(describing: ambiguous))")
            return
        }
        #expect(matches.map(\.address.client) == [16, 17, 18, 19])
        #expect(ambiguous!.description.contains("16:0 \"VirMIDI 0-0\" of \"Virtual Raw MIDI 0-0\""))

        let missing = #expect(throws: SequencerError.self) { try client.resolvePort("Nonexistent Synth", for: .destination) }
        #expect(missing!.description.hasPrefix("no sequencer port matches \"Nonexistent Synth\"; available: "))
        #expect(missing!.description.contains("14:0 \"Midi Through Port-0\" of \"Midi Through\""))
    }
}
