import ALSASequencer
import Testing
@testable import PeachALSA

@Suite("The port names calibrations are stored under")
struct CalibrationPortNameTests {
    private func port(_ client: String, _ port: String, at number: Int = 128) -> SequencerPort {
        SequencerPort(address: SequencerAddress(client: number, port: 0), clientName: client, portName: port,
                      clientType: .user, capabilities: [.write, .subscribeWrite])
    }

    @Test("a FluidSynth started again (new pid, new client number) keeps its name")
    func processIDsGo() {
        let first = port("FLUID Synth (4711)", "Synth input port (4711:0)", at: 128)
        let again = port("FLUID Synth (5023)", "Synth input port (5023:0)", at: 129)
        #expect(first.calibrationName == "FLUID Synth:Synth input port")
        #expect(again.calibrationName == first.calibrationName)
    }

    @Test("names without a pid stay as they are; other parentheses are kept",
          arguments: [("MPK mini 3", "MPK mini 3 MIDI 1", "MPK mini 3:MPK mini 3 MIDI 1"),
                      ("Synth (GM)", "in (A)", "Synth (GM):in (A)"),
                      ("(123)", "port ()", "(123):port ()"),
                      ("Pads (v2.1)", "x (:1)", "Pads (v2.1):x (:1)")])
    func otherNames(client: String, portName: String, expected: String) {
        #expect(port(client, portName).calibrationName == expected)
    }
}
