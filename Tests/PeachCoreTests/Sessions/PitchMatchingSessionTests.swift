import Foundation
import Testing
@testable import PeachCore
import PeachTestSupport

@Suite("Pitch matching session", .timeLimit(.minutes(Patience.minutes(1))))
struct PitchMatchingSessionTests {
    @Test func aTrialPassesThroughEveryStateInOrder() async throws {
        var harness = try MatchingHarness()
        func reached(_ state: PitchMatchingState) -> (PitchMatchingEvent) -> Bool? {
            { if case .stateChanged(let s) = $0, s == state { true } else { nil } }
        }
        await harness.session.start()
        var seen = await harness.events.collect(until: reached(.playingReference))
        await harness.clock.advanceWhenSleeping(by: .seconds(1))
        seen += await harness.events.collect(until: reached(.awaitingTouch))
        harness.session.touch()
        seen += await harness.events.collect(until: reached(.playingTunable))
        harness.session.commit()
        seen += await harness.events.collect(until: reached(.showingFeedback))
        await harness.clock.advanceWhenSleeping(by: .milliseconds(400))
        seen += await harness.events.collect(until: reached(.playingReference))
        await harness.session.stop()

        let states = seen.compactMap { if case .stateChanged(let state) = $0 { state } else { nil } }
        #expect(states == [.playingReference, .awaitingTouch, .playingTunable, .showingFeedback, .playingReference])
        #expect(harness.observer.matchings.count == 1)
    }

    @Test("a commit with no movement at all records the trial at the initial offset; only the reference sounded")
    func commitWithoutMovementRecordsTheInitialOffset() async throws {
        var harness = try MatchingHarness()
        await harness.session.start()
        let trial = try #require(await harness.playReference())
        #expect(harness.player.starts.count == 1, "nothing sounds before the control moves")
        #expect(harness.session.commit())
        let record = try #require(await harness.nextRecord())
        #expect(abs(record.userCentError.rawValue - trial.initialCentOffset.rawValue) < 1e-9)
        #expect(harness.player.starts.count == 1, "only the reference has sounded")
        #expect(harness.player.soundingNotes.isEmpty)
        await harness.session.stop()
    }

    @Test("a movement during the reference starts the tunable note when the reference ends, at the control's position")
    func movementDuringTheReferenceStartsTheNoteWhenItEnds() async throws {
        var harness = try MatchingHarness()
        await harness.session.start()
        let trial = try #require(await harness.events.next { if case .trialStarted(let trial) = $0 { trial } else { nil } })
        await harness.waitFor(.playingReference)
        // The stuck trial of old: the wheel moves while the reference still sounds.
        #expect(harness.session.adjust(to: 0.25))
        #expect(harness.session.adjust(to: 0.5))
        #expect(harness.player.starts.count == 1, "the reference sounds alone until it ends")
        await harness.clock.advanceWhenSleeping(by: harness.settings.current.noteDuration.duration)
        await harness.waitFor(.playingTunable)
        let starts = harness.player.starts
        #expect(starts.count == 2)
        if case .start(_, let frequency, _, _)? = starts.last {
            let expected = trial.targetFrequency.shifted(by: trial.centOffset(forControlValue: 0.5))
            #expect(abs(frequency - expected.hertz) < 1e-9, "the note starts where the control is")
        }
        // More moves and a commit: the trial is recorded with the right error.
        #expect(harness.session.adjust(to: -0.4))
        #expect(harness.session.commit())
        let record = try #require(await harness.nextRecord())
        #expect(abs(record.userCentError.rawValue - (trial.initialCentOffset.rawValue - 8)) < 1e-9)
        #expect(harness.player.soundingNotes.isEmpty)
        await harness.session.stop()
    }

    @Test("a touch during the reference starts the note at the initial offset when the reference ends")
    func touchDuringTheReferenceStartsTheNoteWhenItEnds() async throws {
        var harness = try MatchingHarness()
        await harness.session.start()
        let trial = try #require(await harness.events.next { if case .trialStarted(let trial) = $0 { trial } else { nil } })
        await harness.waitFor(.playingReference)
        #expect(harness.session.touch())
        await harness.clock.advanceWhenSleeping(by: harness.settings.current.noteDuration.duration)
        await harness.waitFor(.playingTunable)
        if case .start(_, let frequency, _, _)? = harness.player.starts.last {
            #expect(abs(frequency - trial.targetFrequency.shifted(by: trial.initialCentOffset).hertz) < 1e-9)
        }
        await harness.session.stop()
        #expect(harness.player.soundingNotes.isEmpty)
    }

    @Test("a commit during the reference is ignored, and nothing during the feedback leaks into the next trial")
    func inputsOutsideTheAttemptAreIgnored() async throws {
        var harness = try MatchingHarness()
        await harness.session.start()
        await harness.waitFor(.playingReference)
        #expect(!harness.session.commit(), "a commit while the reference sounds")
        await harness.finishReference()
        #expect(harness.session.adjust(to: 0.3))
        #expect(harness.session.commit())
        _ = try #require(await harness.nextRecord())
        await harness.waitFor(.showingFeedback)
        #expect(!harness.session.adjust(to: 0.9), "a move during the feedback")
        #expect(!harness.session.commit(), "a commit during the feedback")
        await harness.clock.advanceWhenSleeping(by: .milliseconds(400))
        let second = try #require(await harness.events.next { if case .trialStarted(let trial) = $0 { trial } else { nil } })
        await harness.finishReference()
        #expect(harness.player.starts.count == 3, "two references and one tunable note: the feedback's move started nothing")
        #expect(harness.session.commit())
        let record = try #require(await harness.nextRecord())
        #expect(abs(record.userCentError.rawValue - second.initialCentOffset.rawValue) < 1e-9)
        await harness.session.stop()
    }

    @Test func movingTheControlRetunesTheSoundingNoteLive() async throws {
        var harness = try MatchingHarness()
        await harness.session.start()
        let trial = try #require(await harness.playReference())
        harness.session.touch()
        for value in [0.5, -1.0, 3.0] { harness.session.adjust(to: value) }
        harness.session.adjust(to: .nan)
        var offsets: [Double] = []
        for _ in 0..<3 {
            if let offset = await harness.events.next({ if case .tunableAdjusted(let offset) = $0 { offset } else { nil } }) {
                offsets.append(offset.rawValue)
            }
        }
        let initial = trial.initialCentOffset.rawValue
        #expect(offsets.map { ($0 - initial).rounded() } == [10, -20, 20], "value × 20 c, clamped to ±1")
        let adjusts = harness.player.calls.compactMap { if case .adjust(_, let f) = $0 { f } else { nil } }
        #expect(adjusts.count == 3)
        #expect(abs(adjusts[0] - trial.targetFrequency.shifted(by: Cents(floatLiteral: initial + 10)).hertz) < 1e-9)
        await harness.session.stop()
    }

    @Test(arguments: [(DirectedInterval.prime, 0.75), (.prime, -0.6), (.perfectFifthUp, 0.3), (DirectedInterval(.majorThird, .down), -1.0)])
    func commitRecordsTheUserCentErrorSharpOrFlat(interval: DirectedInterval, value: Double) async throws {
        var harness = try MatchingHarness(intervals: [interval], seed: 5) { $0.tuningSystem = .justIntonation }
        await harness.session.start()
        let trial = try #require(await harness.playReference())
        harness.session.touch()
        harness.session.adjust(to: value)
        _ = await harness.events.next { if case .tunableAdjusted(let offset) = $0 { offset } else { nil } }
        harness.session.commit()
        let record = try #require(await harness.nextRecord())
        await harness.session.stop()

        let expected = trial.initialCentOffset.rawValue + value * 20
        #expect(abs(record.userCentError.rawValue - expected) < 1e-9)
        #expect(record.initialCentOffset == trial.initialCentOffset)
        #expect(record.interval == interval.interval && record.tuningSystem == .justIntonation)
        #expect(record.targetNote.rawValue - record.referenceNote.rawValue == interval.semitones)
        #expect(record.timestamp == MatchingHarness.timestamp)
        #expect(harness.player.soundingNotes.isEmpty)
        #expect(harness.observer.matchings == [record])
        #expect(await harness.session.sessionBest == record.userCentError.magnitude)
    }

    @Test func theTargetOfAnIntervalIsSizedFromTheReference() async throws {
        var harness = try MatchingHarness(intervals: [.perfectFifthUp]) { $0.tuningSystem = .justIntonation }
        await harness.session.start()
        let trial = try #require(await harness.playReference())
        await harness.session.stop()
        #expect(abs(trial.targetFrequency.cents(above: trial.referenceFrequency).rawValue - 701.955) < 0.001)
    }

    @Test(arguments: [PitchMatchingState.playingReference, .awaitingTouch, .playingTunable, .showingFeedback])
    func stopInAnyStateRecordsNothingAndLeavesNothingSounding(state: PitchMatchingState) async throws {
        var harness = try MatchingHarness()
        await harness.session.start()
        await harness.waitFor(.playingReference)
        if state != .playingReference { await harness.finishReference() }
        if state == .playingTunable || state == .showingFeedback {
            harness.session.touch()
            await harness.waitFor(.playingTunable)
        }
        if state == .showingFeedback {
            harness.session.commit()
            await harness.waitFor(.showingFeedback)
        }
        let recordedBeforeStop = harness.observer.matchings.count
        await harness.session.stop()
        #expect(harness.observer.matchings.count == recordedBeforeStop)
        #expect(harness.player.soundingNotes.isEmpty)
        #expect(harness.session.state == .idle)
        harness.session.commit()
        harness.clock.advance(by: .seconds(60))
        #expect(harness.observer.matchings.count == recordedBeforeStop)
    }

    @Test func theTunableNoteCarriesTheLoudnessOffsetAndTheReferenceDoesNot() async throws {
        var harness = try MatchingHarness(seed: 9) { $0.varyLoudness = try! UnitInterval(0.5) }
        await harness.session.start()
        let trial = try #require(await harness.playReference())
        harness.session.touch()
        await harness.waitFor(.playingTunable)
        await harness.session.stop()
        let amplitudes: [Double] = harness.player.starts.map { if case .start(_, _, _, let a) = $0 { a } else { .nan } }
        #expect(amplitudes == [0, trial.tunableAmplitude.decibels])
        #expect(abs(trial.tunableAmplitude.decibels) <= 5)
        #expect(trial.tunableAmplitude.decibels != 0)
    }

    @Test func aFailingObserverStopsTheSession() async throws {
        var harness = try MatchingHarness()
        harness.observer.failFromNowOn()
        await harness.session.start()
        _ = await harness.playReference()
        harness.session.touch()
        await harness.waitFor(.playingTunable)
        harness.session.commit()
        let reason = await harness.events.next { if case .stopped(let reason) = $0 { reason } else { nil } }
        #expect(reason?.description == "stopped: disk full")
        #expect(harness.player.soundingNotes.isEmpty)
    }

    @Test func resetStopsAndDeletesTrainingData() async throws {
        var harness = try MatchingHarness()
        await harness.session.start()
        await harness.waitFor(.playingReference)
        try await harness.session.resetAllTrainingData()
        #expect(harness.observer.resets == 1)
        #expect(harness.session.state == .idle)
    }
}

@Suite("Trial pitches")
struct TrialPitchesTests {
    @Test func targetsOfEveryIntervalInBothDirectionsAreTransposedAndStayInRange() throws {
        var random = SessionRandom(SplitMix64(seed: 42))
        let ranges = [try NoteRange(lower: 21, upper: 33), try NoteRange(lower: 96, upper: 108), TrainingSettings.defaults.noteRange]
        for range in ranges {
            let settings = TrainingSettings { $0.noteRange = range }
            for interval in Interval.allCases {
                for direction in IntervalDirection.allCases {
                    let directed = DirectedInterval(interval, direction)
                    for _ in 0..<40 {
                        let pitches = try TrialPitches(intervals: [directed], settings: settings, random: &random)
                        #expect(range.contains(pitches.referenceNote))
                        #expect(pitches.targetNote.rawValue == pitches.referenceNote.rawValue + directed.semitones)
                        #expect(MIDINote.validRange.contains(pitches.targetNote.rawValue))
                    }
                }
            }
        }
    }

    @Test func referenceNotesAreNarrowedSoThatTheTargetExists() throws {
        let range = try NoteRange(lower: 21, upper: 108)
        #expect(range.referenceNotes(for: [DirectedInterval(.octave, .down)]) == 21...108)
        // 108 + an octave is still a MIDI note, so no valid range ever needs narrowing today;
        // the guard is there for wider ranges or intervals.
        #expect(range.referenceNotes(for: [.perfectFifthUp]) == 21...108)
    }

    @Test func everyIntervalOfTheSetIsPicked() throws {
        var random = SessionRandom(SplitMix64(seed: 1))
        let intervals: [DirectedInterval] = [.perfectFifthUp, DirectedInterval(.majorThird, .down), .prime]
        let settings = TrainingSettings.defaults
        var picked = Set<DirectedInterval>()
        for _ in 0..<60 { picked.insert(try TrialPitches(intervals: intervals, settings: settings, random: &random).interval) }
        #expect(picked == Set(intervals))
    }
}
