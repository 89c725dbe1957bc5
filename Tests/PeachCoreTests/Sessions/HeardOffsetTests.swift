import Foundation
import Testing
@testable import PeachCore
import PeachTestSupport

/// A synth that renders whole cents sounds a trial's notes a little off what was asked; the
/// record and the answer's judgement follow what is heard.
@Suite("Sessions record the offset the synth sounds", .timeLimit(.minutes(Patience.minutes(1))))
struct HeardOffsetTests {
    /// The sounding target above the sounding reference, less the interval's own size.
    static func heard(reference: Frequency, asked target: Frequency, intended: Frequency) -> Double {
        RecordingNotePlayer.wholeCent(target).cents(above: RecordingNotePlayer.wholeCent(reference)).rawValue
            - intended.cents(above: reference).rawValue
    }

    @Test("comparison: a fractional reference (A = 442 Hz) and a just fifth; each record holds what sounds, with the asked sign")
    func comparisonRecordsTheSoundingOffset() async throws {
        let a442 = try Frequency(hertz: 442)
        var harness = try ComparisonHarness(intervals: [.perfectFifthUp], seed: 5, roundsToWholeCents: true) {
            $0.referencePitch = a442
            $0.tuningSystem = .justIntonation
        }
        await harness.session.start()
        var differing = 0
        for _ in 0..<25 {
            let trial = try #require(await harness.playTrialUntilAnswer())
            let starts = harness.player.starts.suffix(2)
            guard case .start(_, let reference, _, _)? = starts.first, case .start(_, let target, _, _)? = starts.last else {
                Issue.record("expected the trial's two notes"); return
            }
            let asked = try Frequency(hertz: target).cents(above: try Frequency(hertz: reference)).rawValue
                - TuningSystem.justIntonation.centOffset(for: .perfectFifth).rawValue
            let intended = trial.targetFrequency.shifted(by: try Cents(-asked))
            let expected = Self.heard(reference: trial.referenceFrequency, asked: trial.targetFrequency, intended: intended)
            #expect(abs(trial.centOffset.rawValue - expected) < 1e-3, "trial \(trial.number)")
            #expect((trial.centOffset.rawValue > 0) == (asked > 0), "the heard difference keeps the asked direction")
            if abs(trial.centOffset.rawValue - asked) > 0.01 { differing += 1 }
            harness.session.answer(higher: trial.centOffset.rawValue > 0)
            let record = try #require(await harness.nextRecord())
            #expect(record.centOffset == trial.centOffset)
            #expect(record.isCorrect, "the right answer is judged by what sounds")
            await harness.clock.advanceWhenSleeping(by: .milliseconds(400))
        }
        await harness.session.stop()
        #expect(differing > 20, "whole cents move nearly every trial off the asked offset")
    }

    @Test("comparison: an exact player records the asked offset itself, to the last bit")
    func anExactPlayerRecordsTheAskedOffset() async throws {
        var harness = try ComparisonHarness()
        await harness.session.start()
        let trial = try #require(await harness.playTrialUntilAnswer())
        harness.session.answer(higher: true)
        let record = try #require(await harness.nextRecord())
        #expect(abs(record.centOffset.rawValue) == 100, "the cold start, not 99.99999999999")
        #expect(record.centOffset == trial.centOffset)
        await harness.session.stop()
    }

    @Test("matching: the initial offset and the error are what sounds against the sounding reference")
    func matchingRecordsTheSoundingError() async throws {
        let a442 = try Frequency(hertz: 442)
        var harness = try MatchingHarness(seed: 3, roundsToWholeCents: true) { $0.referencePitch = a442 }
        await harness.session.start()
        let trial = try #require(await harness.playReference())
        #expect(harness.session.adjust(to: 0.33))
        #expect(harness.session.commit())
        let record = try #require(await harness.nextRecord())
        let final = trial.targetFrequency.shifted(by: trial.centOffset(forControlValue: 0.33))
        let start = trial.targetFrequency.shifted(by: trial.initialCentOffset)
        let expectedError = Self.heard(reference: trial.referenceFrequency, asked: final, intended: trial.targetFrequency)
        let expectedInitial = Self.heard(reference: trial.referenceFrequency, asked: start, intended: trial.targetFrequency)
        #expect(abs(record.userCentError.rawValue - expectedError) < 1e-3)
        #expect(abs(record.initialCentOffset.rawValue - expectedInitial) < 1e-3)
        #expect(record.userCentError.rawValue == record.userCentError.rawValue.rounded(), "both notes sound on whole cents from A440, so their distance is whole")
        await harness.session.stop()
    }
}
