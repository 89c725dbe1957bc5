import Foundation
import Testing
@testable import PeachCore
import PeachTestSupport

/// A comparison session in a temperament: each trial's reference sounds at its key's tempered
/// pitch, the correct target at the tempered pitch of the target key, and the record names it.
@Suite("Sessions in a temperament", .timeLimit(.minutes(Patience.minutes(1))))
struct TemperedSessionTests {
    @Test("comparison in Werckmeister III: thirds sized from each reference key, the record keeps the tuning")
    func comparisonInWerckmeister() async throws {
        let tuning = Tuning.werckmeisterIII
        var harness = try ComparisonHarness(intervals: [DirectedInterval(.majorThird, .up)], seed: 7) {
            $0.tuning = tuning
        }
        await harness.session.start()
        var sizes = Set<Int>()
        for _ in 0..<12 {
            let trial = try #require(await harness.playTrialUntilAnswer())
            let reference = tuning.frequency(of: DetunedMIDINote(trial.referenceNote), referencePitch: .concertA)
            #expect(abs(trial.referenceFrequency.cents(above: reference).rawValue) < 1e-9)
            let correct = tuning.frequency(of: DetunedMIDINote(trial.targetNote), referencePitch: .concertA)
            #expect(abs(trial.targetFrequency.cents(above: correct).rawValue - trial.centOffset.rawValue) < 1e-6)
            sizes.insert(Int((correct.cents(above: reference).rawValue * 100).rounded()))
            #expect(trial.tuningSystem.rawValue == "werckmeister-iii")
            harness.session.answer(higher: trial.centOffset.rawValue > 0)
            let record = try #require(await harness.nextRecord())
            #expect(record.tuningSystem.rawValue == "werckmeister-iii")
            await harness.clock.advanceWhenSleeping(by: .milliseconds(400))
        }
        await harness.session.stop()
        #expect(sizes.count > 1, "Werckmeister's thirds differ from key to key: \(sizes)")
    }
}
