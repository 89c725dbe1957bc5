import ALSASequencer
import Foundation
import PeachTestSupport
import Testing

/// `peach play --tuning NAME NOTE SECOND-NOTE`: the interval as the temperament makes it from the first key.
@Suite("peach play --tuning", .serialized, .timeLimit(.minutes(Patience.minutes(2))),
       .enabled(if: KernelSequencer.isPresent, KernelSequencer.skipReason))
struct PlayTuningCommandTests {
    @Test("meantone C4 E4: two notes whose note and bend decode to a pure third, and the size printed")
    func meantoneThird() async throws {
        let (synth, received) = try PlayCommandTests.synth()
        defer { synth.close() }
        let outcome = try await PeachCommand.run(["play", "--tuning", "meantone-1/4", "C4", "E4", "--duration", "0.2",
                                                  "--to", "\(synth.inputPort)"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stdout.contains("M3u from C4 in meantone-1/4: 386.314 c (equal temperament 400 c)"), "\(outcome.stdout)")
        let done = await received.waitUntil(timeout: .seconds(10)) { arrivals in
            arrivals.filter { if case .noteOff? = $0.event.midiMessage { true } else { false } }.count == 2
        }
        #expect(done)
        var bend = 0
        var pitches: [Double] = []
        for message in await received.events.compactMap(\.event.midiMessage) {
            switch message {
            case .pitchBend(_, let value): bend = Int(value)
            case .noteOn(_, let note, _): pitches.append((Double(note) - 69) * 100 + Double(bend) / 8192 * 200)
            default: break
            }
        }
        try #require(pitches.count == 2, "\(pitches)")
        #expect(abs(pitches[1] - pitches[0] - 386.314) < 0.03, "\(pitches)")
    }
}
