import ALSASequencer
import PeachTools
import Testing

@Suite("peach doctor: the port checks")
struct PortChecksTests {
    static let readable: PortCapabilities = [.read, .subscribeRead]
    static let writable: PortCapabilities = [.write, .subscribeWrite]

    static func port(_ client: Int, _ clientName: String, _ capabilities: PortCapabilities, _ types: PortTypes,
                     kernel: Bool = false) -> SequencerPort {
        SequencerPort(address: SequencerAddress(client: client, port: 0), clientName: clientName,
                      portName: "\(clientName) port", clientType: kernel ? .kernel : .user,
                      capabilities: capabilities, types: types)
    }

    static let through = port(14, "Midi Through", readable.union(writable), [.midiGeneric, .software], kernel: true)
    static let keyboard = port(24, "Keystation 49", readable.union(writable), [.midiGeneric, .hardware], kernel: true)
    static let pads = port(25, "LPD8", readable, [.midiGeneric, .hardware], kernel: true)
    static let fluid = port(130, "FLUID Synth (99)", writable, [.midiGeneric, .synthesizer, .software])

    static func facts(_ ports: [SequencerPort], output: String? = nil, input: String? = nil,
                      waits: Bool = false) -> PortFacts {
        PortFacts(ports: ports, ownClient: 128, outputSpec: output, inputSpec: input, waitsForPorts: waits)
    }

    @Test("synth: PortChoice's default is ok and named")
    func defaultSynth() {
        let finding = SynthPortCheck(facts: Self.facts([Self.through, Self.fluid]), fluidSynthStartable: false).finding
        #expect(finding.verdict == .ok)
        #expect(finding.found == "130:0 \"FLUID Synth (99) port\" of \"FLUID Synth (99)\", chosen by default")
    }

    @Test("synth: none running is ok when Peach can start FluidSynth, else a problem with three ways out")
    func noSynth() throws {
        let startable = SynthPortCheck(facts: Self.facts([Self.through]), fluidSynthStartable: true).finding
        #expect(startable.verdict == .ok)
        #expect(startable.found.contains("starts FluidSynth"))
        let stuck = SynthPortCheck(facts: Self.facts([Self.through]), fluidSynthStartable: false).finding
        #expect(stuck.verdict == .problem)
        let fix = try #require(stuck.fix)
        #expect(fix.contains("sudo apt install amsynth   (or fluidsynth timgm6mb-soundfont"))
        #expect(fix.contains("midi.outputPort"))
    }

    @Test("synth: a configured port that resolves is ok; one that does not is a problem listing the ports, or a warning when train waits")
    func configuredSynth() {
        let found = SynthPortCheck(facts: Self.facts([Self.fluid], output: "fluid"), fluidSynthStartable: false).finding
        #expect(found.verdict == .ok)
        #expect(found.found.hasPrefix("midi.outputPort \"fluid\" is 130:0"))
        let missing = SynthPortCheck(facts: Self.facts([Self.through], output: "Yamaha"), fluidSynthStartable: true).finding
        #expect(missing.verdict == .problem, "a configured port is used, never FluidSynth instead")
        #expect(missing.found.contains("midi.outputPort \"Yamaha\" is not there"))
        #expect(missing.found.contains("14:0 \"Midi Through port\" of \"Midi Through\""), "the candidates are listed")
        #expect(missing.fix?.contains("peach settings set midi.outputPort") == true)
        let waiting = SynthPortCheck(facts: Self.facts([Self.through], output: "Yamaha", waits: true),
                                     fluidSynthStartable: false).finding
        #expect(waiting.verdict == .warning)
        #expect(waiting.found.contains("waits for it"))
    }

    @Test("synth: a configured keyboard that cannot take notes is a problem")
    func configuredSynthNotWritable() {
        let finding = SynthPortCheck(facts: Self.facts([Self.pads], output: "25:0"), fluidSynthStartable: true).finding
        #expect(finding.verdict == .problem)
        #expect(finding.found.contains("does not accept subscriptions"))
    }

    @Test("controller: the default candidate is ok and the others are counted; none is a warning, not a problem")
    func defaultController() {
        let finding = ControllerPortCheck(facts: Self.facts([Self.through, Self.keyboard, Self.pads, Self.fluid])).finding
        #expect(finding.verdict == .ok)
        #expect(finding.found == "24:0 \"Keystation 49 port\" of \"Keystation 49\", chosen by default (1 more: name one with midi.inputPort)")
        let none = ControllerPortCheck(facts: Self.facts([Self.through, Self.fluid])).finding
        #expect(none.verdict == .warning)
        #expect(none.found.contains("computer's keys answer"))
        #expect(none.fix?.contains("snd-virmidi") == true)
    }

    @Test("controller: a configured port resolves or is a problem (a warning when train waits)")
    func configuredController() {
        #expect(ControllerPortCheck(facts: Self.facts([Self.pads], input: "LPD")).finding.verdict == .ok)
        let missing = ControllerPortCheck(facts: Self.facts([Self.keyboard], input: "Launchkey")).finding
        #expect(missing.verdict == .problem)
        #expect(missing.found.contains("midi.inputPort \"Launchkey\" is not there"))
        #expect(missing.fix?.contains("peach settings set midi.inputPort") == true)
        #expect(ControllerPortCheck(facts: Self.facts([], input: "Launchkey", waits: true)).finding.verdict == .warning)
    }

    @Test("the synth train would use: the configured one, else the default")
    func synthInUse() {
        #expect(Self.facts([Self.fluid, Self.through], output: "14:0").synth == Self.through)
        #expect(Self.facts([Self.fluid, Self.through]).synth == Self.fluid)
        #expect(Self.facts([Self.through], output: "nothing").synth == nil)
    }
}
