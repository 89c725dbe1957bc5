import Foundation
import ALSASequencer
import PeachALSA
import PeachCore
import PeachRig
import Testing
import PeachTestSupport

/// Loudness offsets as CC 11 (expression) on the note's own channel, velocity left alone.
@Suite("Loudness through CC 11", .timeLimit(.minutes(Patience.minutes(1))))
struct ExpressionTests {
    let output = RecordingMIDIOutput()
    let velocity = try! MIDIVelocity(63)

    func player(_ configuration: NotePlayerConfiguration = NotePlayerConfiguration(sendsBendRange: false)) -> ALSANotePlayer {
        ALSANotePlayer(output: output, configuration: configuration, clock: ManualClock())
    }

    func a4() throws -> Frequency { try Frequency(hertz: 440) }
    func db(_ decibels: Double) throws -> AmplitudeDB { try AmplitudeDB(decibels: decibels) }
    func expression(_ wire: UInt8, _ value: UInt8) -> MIDIMessage { .controlChange(channel: wire, controller: 11, value: value) }

    var expressionsSent: [MIDIMessage] {
        output.sent.filter { if case .controlChange(_, 11, _) = $0 { true } else { false } }
    }

    @Test("71·10^(dB/40): −10 → 40, −6 → 50, 0 → 71, +6 → 100, +10 → 126; clamped to 1…127")
    func values() throws {
        let cases: [(Double, UInt8)] = [(-10, 40), (-6, 50), (0, 71), (6, 100), (10, 126), (12, 127), (-90, 1)]
        for (decibels, value) in cases {
            #expect(ExpressionMapping.value(for: try db(decibels)) == value, "\(decibels) dB")
        }
    }

    @Test("every offset within ±10 dB sounds within 0.25 dB of the asked one on the General MIDI curve")
    func roundingError() throws {
        for tenths in -100...100 {
            let asked = Double(tenths) / 10
            let sounded = ExpressionMapping.decibels(of: ExpressionMapping.value(for: try db(asked)))
            #expect(abs(sounded - asked) < 0.25, "\(asked) dB sounds \(sounded) dB")
        }
    }

    @Test func velocityStaysAsAskedWhateverTheOffset() throws {
        let player = player()
        for decibels in [-10.0, -6, 0, 6, 10, 12, -90] {
            let handle = try player.startNote(frequency: try a4(), velocity: velocity, amplitude: try db(decibels))
            try handle.stop()
        }
        let velocities = output.sent.compactMap { if case .noteOn(_, _, let velocity) = $0 { velocity } else { nil } }
        #expect(velocities == Array(repeating: 63, count: 7))
    }

    @Test("CC 11 leaves before the bend and the note-on, on the channel the note gets")
    func orderAndChannel() throws {
        let player = player(NotePlayerConfiguration(channels: try ChannelPool([MIDIChannel(3), MIDIChannel(4)]),
                                                     sendsBendRange: false))
        try player.prepare()
        output.clear()
        _ = try player.startNote(frequency: try a4(), velocity: velocity, amplitude: try db(6))
        _ = try player.startNote(frequency: try a4(), velocity: velocity, amplitude: try db(-10))
        #expect(output.sent == [
            expression(2, 100), .pitchBend(channel: 2, value: 0), .noteOn(channel: 2, note: 69, velocity: 63),
            expression(3, 40), .pitchBend(channel: 3, value: 0), .noteOn(channel: 3, note: 69, velocity: 63),
        ])
    }

    @Test("a later note at 0 dB on the channel resets it to 71; an unchanged value is not sent again")
    func resetOnTheNextNote() throws {
        let player = player()
        try player.prepare()
        output.clear()
        for decibels in [6.0, 6, 0, 0, -6] {
            try player.startNote(frequency: try a4(), velocity: velocity, amplitude: try db(decibels)).stop()
        }
        #expect(expressionsSent == [expression(0, 100), expression(0, 71), expression(0, 50)])
        // The reset waits for the next note: the release tail of the +6 dB note keeps its loudness.
        let firstNoteOff = try #require(output.sent.firstIndex(of: .noteOff(channel: 0, note: 69, velocity: 0)))
        #expect(output.sent[firstNoteOff + 1] == .pitchBend(channel: 0, value: 0))
    }

    @Test("prepare() (a new program, a synth come back) sends 71 on every pool channel and the next note its value again")
    func prepareResendsExpression() throws {
        let player = player(NotePlayerConfiguration(channels: try ChannelPool([MIDIChannel(1), MIDIChannel(2)]),
                                                    sendsBendRange: false))
        try player.startNote(frequency: try a4(), velocity: velocity, amplitude: try db(6)).stop()
        output.clear()
        try player.prepare()
        #expect(expressionsSent == [expression(0, 71), expression(1, 71)])
        // Each CC 11 follows its channel's program change: amsynth reloads its preset (and
        // master_vol) on Program Change.
        for wire: UInt8 in [0, 1] {
            let program = try #require(output.sent.firstIndex(of: .programChange(channel: wire, program: 0)))
            let cc = try #require(output.sent.firstIndex(of: expression(wire, 71)))
            #expect(program < cc)
        }
        output.clear()
        _ = try player.startNote(frequency: try a4(), velocity: velocity, amplitude: try db(6))
        #expect(expressionsSent == [expression(1, 100)])
    }

    @Test("after the output was lost the set-up sends 71 again before the next note")
    func lostOutputForgetsTheChannelValues() throws {
        let player = player()
        try player.startNote(frequency: try a4(), velocity: velocity, amplitude: try db(6)).stop()
        output.failFromNowOn()
        #expect(throws: NotePlayerError.self) {
            _ = try player.startNote(frequency: try a4(), velocity: velocity, amplitude: try db(6))
        }
        output.recover()
        output.clear()
        _ = try player.startNote(frequency: try a4(), velocity: velocity, amplitude: try db(6))
        #expect(expressionsSent == [expression(0, 71), expression(0, 100)])
    }

    @Test("a synth that takes velocity gets no CC 11 and a scaled velocity")
    func velocityFallback() throws {
        let player = player(NotePlayerConfiguration(sendsBendRange: false, loudnessResponse: .velocity))
        try player.startNote(frequency: try a4(), velocity: velocity, amplitude: try db(-6)).stop()
        #expect(expressionsSent.isEmpty)
        #expect(output.sent.contains(.noteOn(channel: 0, note: 69, velocity: 45)))
    }

    @Test("an amsynth Peach did not start takes velocity; FluidSynth and any other synth take CC 11")
    func responseByClientName() {
        #expect(SynthProfile(clientName: "amsynth").loudness == .velocity)
        #expect(SynthProfile(clientName: "FLUID Synth (4711)").loudness == .expression)
        #expect(SynthProfile(clientName: "Midi Through").loudness == .expression)
    }
}
