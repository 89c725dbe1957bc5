import ALSASequencer
import PeachALSA
import PeachCore
import PeachRig
import PeachTestSupport
import Testing

/// Tempered intervals as a synth receives them (issue 32): the note and bend of each of the two
/// notes, decoded from the wire, give the interval the temperament makes from that key.
@Suite("Tempered intervals on the wire",
       .enabled(if: KernelSequencer.isPresent, KernelSequencer.skipReason), .timeLimit(.minutes(Patience.minutes(1))))
struct TemperedIntervalWireTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let tuning: Tuning
        let reference: String
        let interval: DirectedInterval
        /// The size in the literature (Barbour's tables), in cents.
        let cents: Double
        var testDescription: String { "\(tuning.name) \(interval) from \(reference)" }
    }

    static let cases: [Case] = [
        Case(tuning: .quarterCommaMeantone, reference: "C4", interval: DirectedInterval(.majorThird, .up), cents: 386.314),
        Case(tuning: .quarterCommaMeantone, reference: "E4", interval: DirectedInterval(.majorThird, .up), cents: 386.314),
        Case(tuning: .quarterCommaMeantone, reference: "G#3", interval: DirectedInterval(.majorThird, .up), cents: 427.373),
        Case(tuning: .werckmeisterIII, reference: "C#4", interval: .perfectFifthUp, cents: 701.955),
    ]

    /// Cents above A4 of a note and the signed bend before it (±2 semitones over ±8192).
    private static func decoded(note: UInt8, bend: Int) -> Double {
        (Double(note) - 69) * 100 + Double(bend) / 8192 * 200
    }

    @Test("reference and target decode to the tempered interval within 0.03 c", arguments: cases)
    func temperedIntervalOnTheWire(tempered: Case) async throws {
        let peach = try SequencerClient(name: "Peach Temperament Test")
        defer { peach.close() }
        let receiver = try ReceivingClient(from: peach.outputPort)
        let configuration = NotePlayerConfiguration(sendsBendRange: false)
        let player = ALSANotePlayer(output: peach, configuration: configuration)
        let reference = try MIDINote(parsing: tempered.reference)
        let velocity = try MIDIVelocity(100)
        for frequency in [tempered.tuning.frequency(of: DetunedMIDINote(reference), referencePitch: .concertA),
                          tempered.tuning.frequency(of: tempered.interval, from: reference, referencePitch: .concertA)] {
            try await player.play(frequency: frequency, duration: .milliseconds(20), velocity: velocity, amplitude: .zero)
        }
        // The set-up once; then per note: bend, note-on, note-off, bend.
        let setup = configuration.setupMessages(for: try MIDIChannel(1)).count
        let events = await receiver.midiEvents(count: setup + 8).map(\.midiMessage)
        try #require(events.count == setup + 8, "\(events.count) events arrived")
        var pitches: [Double] = []
        var bend = 0
        for message in events.dropFirst(setup) {
            switch message {
            case .pitchBend(_, let value): bend = Int(value)
            case .noteOn(_, let note, _): pitches.append(Self.decoded(note: note, bend: bend))
            default: break
            }
        }
        try #require(pitches.count == 2)
        let sizeOnWire = pitches[1] - pitches[0]
        #expect(abs(sizeOnWire - tempered.cents) < 0.03, "\(sizeOnWire) c on the wire, \(tempered.cents) c in the table")
        let computed = tempered.tuning.size(of: tempered.interval, from: reference).rawValue
        #expect(abs(sizeOnWire - computed) < 0.03)
    }
}
