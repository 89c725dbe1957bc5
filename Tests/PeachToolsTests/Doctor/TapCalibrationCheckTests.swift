import ALSASequencer
import Foundation
import PeachCore
import Testing
@testable import PeachTools

@Suite("Doctor: the tap calibration of the ports rhythm matching would use")
struct TapCalibrationCheckTests {
    @Test("calibrated: the latency, spread and taps, the pair and when")
    func calibrated() throws {
        let calibration = try TapCalibration(latency: TapLatency(milliseconds: 23.4), spreadMilliseconds: 2.1, tapsUsed: 20,
                                             measuredAt: Date(timeIntervalSince1970: 1_772_323_200))
        #expect(TapCalibrationCheck(facts: .pair(output: "FLUID Synth:Synth input port", input: "MPK mini:MIDI 1",
                                                 calibration: calibration)).finding
            == .ok("tap-calibration", "Tap calibration",
                   found: "tap latency 23.4 ms (spread 2.1 ms, 20 taps) for FLUID Synth:Synth input port with MPK mini:MIDI 1, "
                       + "measured 2026-03-01T00:00:00Z"))
    }

    @Test("none: rhythm matching judges taps uncompensated, and how to calibrate")
    func none() {
        let finding = TapCalibrationCheck(facts: .pair(output: "A:in", input: "B:out", calibration: nil)).finding
        #expect(finding == .ok("tap-calibration", "Tap calibration",
                               found: "none for A:in with B:out: rhythm matching judges taps uncompensated; run peach calibrate"))
    }

    @Test("ports not known: says why; an unreadable calibration is a problem with its fix")
    func unknownAndUnreadable() {
        #expect(TapCalibrationCheck(facts: .portsUnknown("no controller is connected")).finding.found
            == "not looked up: no controller is connected")
        let broken = TapCalibrationCheck(facts: .unreadable("/d/peach.sqlite: table tapCalibration, row id 3, column latencyMs: …")).finding
        #expect(broken.verdict == .problem)
        #expect(broken.fix?.contains("peach calibrate") == true)
    }

    @Test("the controller the facts point to: the configured one, else the first candidate")
    func controller() {
        let keys = SequencerPort(address: SequencerAddress(client: 24, port: 0), clientName: "Keys", portName: "Keys MIDI 1",
                                 clientType: .kernel, capabilities: [.read, .subscribeRead])
        let pads = SequencerPort(address: SequencerAddress(client: 28, port: 0), clientName: "Pads", portName: "Pads MIDI 1",
                                 clientType: .kernel, capabilities: [.read, .subscribeRead])
        let chosen = PortFacts(ports: [keys, pads], ownClient: 130, outputSpec: nil, inputSpec: "Pads", waitsForPorts: false)
        #expect(chosen.controller == pads)
        let first = PortFacts(ports: [keys, pads], ownClient: 130, outputSpec: nil, inputSpec: nil, waitsForPorts: false)
        #expect(first.controller != nil)
    }
}
