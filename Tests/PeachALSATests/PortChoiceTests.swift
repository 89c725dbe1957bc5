import ALSASequencer
import PeachALSA
import Testing

@Suite("Default port choice")
struct PortChoiceTests {
    static let readable: PortCapabilities = [.read, .subscribeRead]
    static let writable: PortCapabilities = [.write, .subscribeWrite]

    static func port(_ client: Int, _ number: Int, _ clientName: String, _ capabilities: PortCapabilities,
                     _ types: PortTypes, kernel: Bool = false) -> SequencerPort {
        SequencerPort(address: SequencerAddress(client: client, port: number), clientName: clientName,
                      portName: "\(clientName) port \(number)", clientType: kernel ? .kernel : .user,
                      capabilities: capabilities, types: types)
    }

    static let system = port(0, 1, "System", readable, [], kernel: true)
    static let through = port(14, 0, "Midi Through", readable.union(writable), [.midiGeneric, .software, .port], kernel: true)
    static let usbKeyboard = port(24, 0, "Keystation 49", readable.union(writable), [.midiGeneric, .hardware, .port], kernel: true)
    static let virtualKeyboard = port(129, 0, "VMPK Output", readable, [.midiGeneric, .application])
    static let fluidSynth = port(130, 0, "FLUID Synth (1234)", writable, [.midiGeneric, .synthesizer, .software, .application])
    static let peach = port(128, 0, "Peach", readable.union(writable), [.midiGeneric, .application])

    @Test("the synth is the first port that says it makes sound, never Midi Through or a keyboard")
    func synth() {
        let ports = [Self.fluidSynth, Self.usbKeyboard, Self.through, Self.system, Self.peach]
        #expect(PortChoice.defaultSynth(among: ports, excludingClient: 128) == Self.fluidSynth)
        #expect(PortChoice.defaultSynth(among: [Self.usbKeyboard, Self.through], excludingClient: 128) == nil)
    }

    @Test("a synth that takes no subscriptions is not chosen")
    func synthMustAcceptSubscriptions() {
        let closed = Self.port(131, 0, "Closed Synth", [.write], [.synthesizer])
        #expect(PortChoice.defaultSynth(among: [closed], excludingClient: 128) == nil)
    }

    @Test("the controller is hardware first, then other readable ports; never System, Midi Through, a synth or Peach")
    func controller() {
        let ports = [Self.virtualKeyboard, Self.peach, Self.fluidSynth, Self.through, Self.system, Self.usbKeyboard]
        #expect(PortChoice.controllerCandidates(among: ports, excludingClient: 128) == [Self.usbKeyboard, Self.virtualKeyboard])
        #expect(PortChoice.defaultController(among: ports, excludingClient: 128) == Self.usbKeyboard)
        #expect(PortChoice.defaultController(among: [Self.system, Self.through, Self.peach], excludingClient: 128) == nil)
    }
}
