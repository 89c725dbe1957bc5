import Foundation
import Testing
@testable import PeachCore
import PeachTestSupport

// A session that never reaches the state a test waits for would hang; fail it instead.
@Suite("Pitch comparison session", .timeLimit(.minutes(Patience.minutes(1))))
struct PitchComparisonSessionTests {
    @Test func aTrialPassesThroughEveryStateInOrder() async throws {
        var harness = try ComparisonHarness()
        func reached(_ state: PitchComparisonState) -> (PitchComparisonEvent) -> Bool? {
            { if case .stateChanged(let s) = $0, s == state { true } else { nil } }
        }
        await harness.session.start()
        var seen = await harness.events.collect(until: reached(.playingNote1))
        await harness.clock.advanceWhenSleeping(by: .seconds(1))
        seen += await harness.events.collect(until: reached(.playingNote2))
        await harness.clock.advanceWhenSleeping(by: .seconds(1))
        seen += await harness.events.collect(until: reached(.awaitingAnswer))
        harness.session.answer(higher: true)
        seen += await harness.events.collect(until: reached(.showingFeedback))
        await harness.clock.advanceWhenSleeping(by: .milliseconds(400))
        seen += await harness.events.collect(until: reached(.playingNote1))
        await harness.session.stop()

        let states = seen.compactMap { if case .stateChanged(let state) = $0 { state } else { nil } }
        #expect(states == [.playingNote1, .playingNote2, .awaitingAnswer, .showingFeedback, .playingNote1])
        #expect(harness.observer.comparisons.count == 1)
        #expect(seen.contains { if case .trialCompleted = $0 { true } else { false } })
    }

    // The harness's clock does not move by itself, so the notes wait for the test at every step.
    @Test func notesPlayAtTheTrialsFrequenciesAndEndAfterTheirDuration() async throws {
        var harness = try ComparisonHarness { $0.noteDuration = try! NoteDuration(seconds: 0.5) }
        await harness.session.start()
        let trial = try #require(await harness.nextTrial())
        await harness.waitFor(.playingNote1)
        await harness.clock.advanceWhenSleeping(by: .milliseconds(499))
        #expect(harness.player.soundingNotes.count == 1)
        harness.clock.advance(by: .milliseconds(1))
        await harness.waitFor(.playingNote2)
        await harness.clock.advanceWhenSleeping(by: .milliseconds(500))
        await harness.waitFor(.awaitingAnswer)
        await harness.session.stop()

        let starts = harness.player.starts
        #expect(starts.count == 2)
        guard case .start(_, let first, _, let firstAmplitude) = starts[0], case .start(_, let second, _, _) = starts[1] else {
            Issue.record("expected two note starts"); return
        }
        #expect(first == trial.referenceFrequency.hertz && firstAmplitude == 0)
        #expect(second == trial.targetFrequency.hertz)
        #expect(abs(trial.targetFrequency.cents(above: trial.referenceFrequency).rawValue - trial.centOffset.rawValue) < 1e-9)
    }

    @Test("an answer while the target sounds stops it before answer() returns, counts once, and travels with the trial")
    func anAnswerStopsTheTargetAtOnce() async throws {
        var harness = try ComparisonHarness()
        await harness.session.start()
        await harness.waitFor(.playingNote1)
        await harness.clock.advanceWhenSleeping(by: .seconds(1))
        await harness.waitFor(.playingNote2)
        #expect(harness.player.soundingNotes.count == 1, "the target sounds")
        #expect(harness.session.answer(higher: true, from: AnswerSource("note 72")))
        #expect(harness.player.soundingNotes.isEmpty, "its note-off left with the answer, before the loop ran")
        #expect(!harness.session.answer(higher: false), "a second answer in the same trial")
        _ = try #require(await harness.nextRecord())
        #expect(harness.observer.comparisons.count == 1)
        #expect(harness.observer.sources == [AnswerSource("note 72")])
        await harness.session.stop()
    }

    @Test func anAnswerDuringTheFirstNoteIsIgnored() async throws {
        var harness = try ComparisonHarness()
        await harness.session.start()
        await harness.waitFor(.playingNote1)
        harness.session.answer(higher: true)
        harness.session.answer(higher: false)
        await harness.clock.advanceWhenSleeping(by: .seconds(1))
        await harness.waitFor(.playingNote2)
        await harness.clock.advanceWhenSleeping(by: .seconds(1))
        await harness.waitFor(.awaitingAnswer)
        #expect(harness.observer.comparisons.isEmpty)
        #expect(harness.session.state == .awaitingAnswer)
        await harness.session.stop()
    }

    @Test func anAnswerDuringTheSecondNoteStopsItAtOnceAndRecords() async throws {
        var harness = try ComparisonHarness()
        await harness.session.start()
        let trial = try #require(await harness.nextTrial())
        await harness.clock.advanceWhenSleeping(by: .seconds(1))
        await harness.waitFor(.playingNote2)
        await harness.clock.waitForSleepers(1)   // the target note is sounding
        #expect(harness.player.soundingNotes.count == 1)
        harness.session.answer(higher: trial.centOffset.rawValue > 0)
        let record = try #require(await harness.nextRecord())
        #expect(harness.player.soundingNotes.isEmpty)
        #expect(record.isCorrect)
        #expect(record.timestamp == ComparisonHarness.timestamp)
        #expect(record.referenceNote == trial.referenceNote && record.targetNote == trial.targetNote)
        #expect(record.centOffset == trial.centOffset)
        #expect(record.interval == .prime && record.tuningSystem == .equalTemperament)
        #expect(harness.observer.comparisons == [record])
        await harness.session.stop()
    }

    @Test func correctnessFollowsTheSignOfTheOffsetForBothAnswers() async throws {
        var harness = try ComparisonHarness(seed: 7)
        await harness.session.start()
        for answerHigher in [true, false, true, false, false, true] {
            let trial = try #require(await harness.playTrialUntilAnswer())
            harness.session.answer(higher: answerHigher)
            let record = try #require(await harness.nextRecord())
            #expect(record.isCorrect == (answerHigher == (trial.centOffset.rawValue > 0)))
            await harness.clock.advanceWhenSleeping(by: .milliseconds(400))
        }
        await harness.session.stop()
        #expect(harness.observer.comparisons.count == 6)
    }

    @Test func difficultyFollowsKazezAndSessionBestKeepsTheSmallestCorrect() async throws {
        var harness = try ComparisonHarness(seed: 3)
        await harness.session.start()
        var expectedMagnitude = 100.0
        var best: Double?
        for correct in [true, true, false, true] {
            let trial = try #require(await harness.playTrialUntilAnswer())
            #expect(abs(trial.centOffset.magnitude.rawValue - expectedMagnitude) < 1e-9)
            harness.session.answer(higher: (trial.centOffset.rawValue > 0) == correct)
            _ = await harness.nextRecord()
            if correct { best = min(best ?? .infinity, expectedMagnitude) }
            #expect(await harness.session.sessionBest?.rawValue == best)
            expectedMagnitude = KazezStrategy().nextMagnitude(after: Cents(floatLiteral: expectedMagnitude), wasCorrect: correct).rawValue
            await harness.clock.advanceWhenSleeping(by: .milliseconds(400))
        }
        await harness.session.stop()
    }

    @Test func theFirstTrialStartsFromTheProfileMean() async throws {
        let earlier = PitchComparisonRecord(timestamp: Date(timeIntervalSince1970: 0), referenceNote: 60, targetNote: 60,
                                            interval: .prime, tuningSystem: .equalTemperament, centOffset: -12.5, isCorrect: true)
        var harness = try ComparisonHarness(profile: PerceptualProfile(comparisons: [earlier], matchings: []))
        await harness.session.start()
        let trial = try #require(await harness.nextTrial())
        #expect(trial.centOffset.magnitude.rawValue == 12.5)
        await harness.session.stop()
    }

    @Test(arguments: [PitchComparisonState.playingNote1, .playingNote2, .awaitingAnswer, .showingFeedback])
    func stopInAnyStateRecordsNothingAndLeavesNothingSounding(state: PitchComparisonState) async throws {
        var harness = try ComparisonHarness()
        await harness.session.start()
        _ = await harness.playTrialUntilAnswer()
        harness.session.answer(higher: true)
        _ = await harness.nextRecord()
        await harness.clock.advanceWhenSleeping(by: .milliseconds(400))
        // Now in the second trial: walk to the state under test.
        await harness.waitFor(.playingNote1)
        if state != .playingNote1 {
            await harness.clock.advanceWhenSleeping(by: .seconds(1))
            await harness.waitFor(.playingNote2)
            await harness.clock.waitForSleepers(1)
        }
        if state == .awaitingAnswer || state == .showingFeedback {
            harness.clock.advance(by: .seconds(1))
            await harness.waitFor(.awaitingAnswer)
        }
        if state == .showingFeedback {
            harness.session.answer(higher: false)
            await harness.waitFor(.showingFeedback)
        }
        let recordedBeforeStop = harness.observer.comparisons.count
        await harness.session.stop()

        #expect(harness.observer.comparisons.count == recordedBeforeStop)
        #expect(harness.player.soundingNotes.isEmpty)
        #expect(harness.player.calls.last == .stopAll)
        #expect(harness.session.state == .idle)
        let stopped = await harness.events.next { if case .stopped(let reason) = $0 { reason } else { nil } }
        #expect(stopped?.description == "stopped")
        // Nothing happens afterwards, however far time moves.
        harness.clock.advance(by: .seconds(60))
        harness.session.answer(higher: true)
        #expect(harness.observer.comparisons.count == recordedBeforeStop)
    }

    @Test func theSessionCanStartAgainAfterStop() async throws {
        var harness = try ComparisonHarness()
        await harness.session.start()
        await harness.waitFor(.playingNote1)
        await harness.session.stop()
        await harness.session.start()
        _ = try #require(await harness.playTrialUntilAnswer())
        harness.session.answer(higher: true)
        #expect(await harness.nextRecord() != nil)
        await harness.session.stop()
    }

    @Test func aFailingObserverStopsTheSessionWithItsError() async throws {
        var harness = try ComparisonHarness()
        harness.observer.failFromNowOn()
        await harness.session.start()
        _ = await harness.playTrialUntilAnswer()
        harness.session.answer(higher: true)
        let reason = await harness.events.next { if case .stopped(let reason) = $0 { reason } else { nil } }
        #expect(reason?.description == "stopped: disk full")
        #expect(harness.session.state == .idle)
        #expect(harness.player.soundingNotes.isEmpty)
        #expect(harness.profile.statistics(for: .unisonComparison) == nil, "later observers see nothing")
    }

    @Test func aFailingPlayerStopsTheSessionAndDiscardsTheTrial() async throws {
        var harness = try ComparisonHarness()
        harness.player.failFromNowOn()
        await harness.session.start()
        let reason = await harness.events.next { if case .stopped(let reason) = $0 { reason } else { nil } }
        guard case .failed(let error) = reason else { Issue.record("expected a failure"); return }
        #expect(error is RecordingNotePlayer.NoteFailure)
        #expect(harness.observer.comparisons.isEmpty)
    }

    @Test func theLoudnessOffsetTouchesOnlyTheSecondNoteAndStaysWithinBounds() async throws {
        var harness = try ComparisonHarness(seed: 11) { $0.varyLoudness = try! UnitInterval(1) }
        await harness.session.start()
        var offsets: [Double] = []
        for _ in 0..<12 {
            let trial = try #require(await harness.playTrialUntilAnswer())
            offsets.append(trial.targetAmplitude.decibels)
            harness.session.answer(higher: true)
            await harness.clock.advanceWhenSleeping(by: .milliseconds(400))
        }
        await harness.session.stop()
        let amplitudes: [Double] = harness.player.starts.map { if case .start(_, _, _, let amplitude) = $0 { amplitude } else { .nan } }
        #expect(stride(from: 0, to: amplitudes.count, by: 2).allSatisfy { amplitudes[$0] == 0 })
        #expect(stride(from: 1, to: amplitudes.count, by: 2).map { amplitudes[$0] } == offsets)
        #expect(offsets.allSatisfy { (-10...10).contains($0) })
        #expect(Set(offsets).count > 6, "the offsets vary")
    }

    @Test func aSettingsChangeAppliesFromTheNextTrial() async throws {
        var harness = try ComparisonHarness()
        await harness.session.start()
        _ = try #require(await harness.playTrialUntilAnswer())
        harness.settings.update { $0.noteDuration = try! NoteDuration(seconds: 2) }
        harness.session.answer(higher: true)
        await harness.clock.advanceWhenSleeping(by: .milliseconds(400))
        await harness.waitFor(.playingNote1)
        await harness.clock.advanceWhenSleeping(by: .seconds(1))
        #expect(harness.player.soundingNotes.count == 1, "the new duration is 2 s")
        harness.clock.advance(by: .seconds(1))
        await harness.waitFor(.playingNote2)
        await harness.session.stop()
    }

    @Test func theNoteGapSeparatesTheNotes() async throws {
        var harness = try ComparisonHarness { $0.noteGap = try! NoteGap(seconds: 0.25) }
        await harness.session.start()
        await harness.clock.advanceWhenSleeping(by: .seconds(1))
        await harness.clock.advanceWhenSleeping(by: .milliseconds(249))
        #expect(harness.session.state == .playingNote1)
        #expect(harness.player.soundingNotes.isEmpty)
        harness.clock.advance(by: .milliseconds(1))
        await harness.waitFor(.playingNote2)
        await harness.session.stop()
    }

    @Test func resetDeletesTrainingDataEverywhereAndReturnsToColdStart() async throws {
        var harness = try ComparisonHarness()
        await harness.session.start()
        let trial = try #require(await harness.playTrialUntilAnswer())
        harness.session.answer(higher: trial.centOffset.rawValue > 0)
        _ = await harness.nextRecord()
        try await harness.session.resetAllTrainingData()
        #expect(harness.observer.resets == 1)
        #expect(harness.profile.statistics(for: .unisonComparison) == nil)
        #expect(await harness.session.sessionBest == nil)
        await harness.session.start()
        #expect(try #require(await harness.nextTrial()).centOffset.magnitude.rawValue == 100)
        await harness.session.stop()
    }

    @Test func anEmptyIntervalSetIsRefused() {
        #expect(throws: DomainValueError.emptyIntervalSet) {
            try PitchComparison(intervals: [], player: RecordingNotePlayer(clock: ManualClock()))
        }
    }
}
