import ALSASequencer
import Testing

@Suite("Port resolution as aconnect users write it")
struct PortResolverTests {
    static let ports: [SequencerPort] = [
        port(0, 0, "System", "Timer", .kernel, [.read, .write, .subscribeRead]),
        port(0, 1, "System", "Announce", .kernel, [.read, .subscribeRead]),
        port(14, 0, "Midi Through", "Midi Through Port-0", .kernel, [.read, .write, .subscribeRead, .subscribeWrite]),
        port(20, 0, "USB Keyboard", "USB Keyboard MIDI 1", .kernel, [.read, .subscribeRead]),
        port(128, 0, "FLUID Synth (1234)", "Synth input port (1234:0)", .user, [.write, .subscribeWrite]),
        port(129, 0, "Surge", "Surge In", .user, [.write, .subscribeWrite]),
        port(129, 1, "Surge", "Surge Out", .user, [.read, .subscribeRead]),
        port(130, 0, "Surge XT", "Surge XT In", .user, [.write, .subscribeWrite]),
    ]

    static func port(_ client: Int, _ number: Int, _ clientName: String, _ portName: String,
                     _ type: SequencerPort.ClientType, _ capabilities: PortCapabilities) -> SequencerPort {
        SequencerPort(address: SequencerAddress(client: client, port: number), clientName: clientName,
                      portName: portName, clientType: type, capabilities: capabilities)
    }

    func resolve(_ spec: String, _ use: PortResolver.Use? = nil) throws -> SequencerAddress {
        try PortResolver.resolve(spec, among: Self.ports, for: use).address
    }

    @Test("client:port numbers, and a bare client number with one usable port")
    func numbers() throws {
        #expect(try resolve("14:0") == SequencerAddress(client: 14, port: 0))
        #expect(try resolve(" 129:1 ") == SequencerAddress(client: 129, port: 1))
        #expect(try resolve("128") == SequencerAddress(client: 128, port: 0))
        #expect(try resolve("129", .destination) == SequencerAddress(client: 129, port: 0))
        #expect(try resolve("129", .source) == SequencerAddress(client: 129, port: 1))
    }

    @Test("exact client or port names, case-insensitive, and client name with a port number")
    func names() throws {
        #expect(try resolve("Midi Through") == SequencerAddress(client: 14, port: 0))
        #expect(try resolve("midi through port-0") == SequencerAddress(client: 14, port: 0))
        #expect(try resolve("surge in") == SequencerAddress(client: 129, port: 0))
        // "Surge" is a whole client name and the prefix of "Surge XT": the exact name wins.
        #expect(try resolve("Surge", .destination) == SequencerAddress(client: 129, port: 0))
        #expect(try resolve("Surge:1") == SequencerAddress(client: 129, port: 1))
        #expect(try resolve("surge xt:0") == SequencerAddress(client: 130, port: 0))
    }

    @Test("a unique case-insensitive prefix of a client or port name")
    func prefixes() throws {
        #expect(try resolve("fluid") == SequencerAddress(client: 128, port: 0))
        #expect(try resolve("synth in") == SequencerAddress(client: 128, port: 0))
        #expect(try resolve("usb", .source) == SequencerAddress(client: 20, port: 0))
        #expect(try resolve("FLUID:0") == SequencerAddress(client: 128, port: 0))
    }

    @Test("an ambiguous name lists every match with its address")
    func ambiguity() {
        let error = #expect(throws: SequencerError.self) { try resolve("Surge") }
        #expect(error == .ambiguousPort(spec: "Surge", matches: [Self.ports[5], Self.ports[6]]))
        #expect(error?.description == "\"Surge\" matches 2 sequencer ports: 129:0 \"Surge In\" of \"Surge\", "
            + "129:1 \"Surge Out\" of \"Surge\"; write client:port or a longer name")
        #expect(throws: SequencerError.ambiguousPort(spec: "S", matches: [0, 1, 4, 5, 6, 7].map { Self.ports[$0] })) {
            try resolve("S")
        }
    }

    @Test("a missing port lists the ports that could have been meant, without the kernel's System client")
    func missing() {
        let error = #expect(throws: SequencerError.self) { try resolve("Yamaha", .source) }
        #expect(error == .portNotFound(spec: "Yamaha", candidates: [0, 1, 2, 3, 6].map { Self.ports[$0] }))
        #expect(error?.description == "no sequencer port matches \"Yamaha\"; available: "
            + "14:0 \"Midi Through Port-0\" of \"Midi Through\", "
            + "20:0 \"USB Keyboard MIDI 1\" of \"USB Keyboard\", 129:1 \"Surge Out\" of \"Surge\"")
        #expect(throws: SequencerError.portNotFound(spec: "14:3", candidates: Self.ports)) { try resolve("14:3") }
        #expect(throws: SequencerError.portNotFound(spec: "", candidates: Self.ports)) { try resolve("") }
        #expect(throws: SequencerError.self) { try resolve("Nobody:0") }
    }

    @Test("a port that cannot serve the use is refused with its capabilities")
    func unusable() throws {
        let error = #expect(throws: SequencerError.self) { try resolve("129:1", .destination) }
        #expect(error?.description == "sequencer port 129:1 \"Surge Out\" of \"Surge\" does not accept subscriptions "
            + "to send to it (capabilities: read,subscribe-read)")
        // By name, unusable ports are not even candidates.
        #expect(try resolve("Surge", .source) == SequencerAddress(client: 129, port: 1))
    }

    @Test("direction follows the read and write capabilities")
    func directions() {
        #expect(Self.ports[2].direction == .duplex)
        #expect(Self.ports[3].direction == .output)
        #expect(Self.ports[4].direction == .input)
        #expect(Self.port(1, 0, "x", "y", .user, [.noExport]).direction == SequencerPort.Direction.none)
    }
}
