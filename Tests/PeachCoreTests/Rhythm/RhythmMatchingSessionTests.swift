import Foundation
import Synchronization
import Testing
@testable import PeachCore
import PeachTestSupport

@Suite("Rhythm matching session", .timeLimit(.minutes(Patience.minutes(1))))
struct RhythmMatchingSessionTests {
    @Test("three sixteenths as one schedule; the expected fourth and a window of half a sixteenth either way")
    func threeClicksAndTheWindow() async throws {
        let (tempo, clickVelocity) = (try TempoBPM(60), try MIDIVelocity(20))
        var harness = RhythmMatchingHarness {
            $0.rhythmTempo = tempo
            $0.rhythmClickVelocity = clickVelocity
        }
        await harness.session.start()
        let trial = try #require(await harness.playClicks())
        #expect(harness.player.patterns.map(\.offsets) == [[.zero, .milliseconds(250), .milliseconds(500)]])
        #expect(harness.player.patterns.map(\.velocity) == [clickVelocity])
        #expect(trial.expected == trial.schedule.first.advanced(by: .milliseconds(750)))
        #expect(trial.window == trial.expected.advanced(by: .milliseconds(-125))...trial.expected.advanced(by: .milliseconds(125)))
        await harness.session.stop()
    }

    @Test("a tap records its signed offset from the fourth sixteenth, by its stamp, with its control",
          arguments: [-10.0, 10.0, 0.25, -61.5])
    func aTapRecordsItsOffset(milliseconds: Double) async throws {
        var harness = RhythmMatchingHarness()
        await harness.session.start()
        let trial = try #require(await harness.playClicks())
        let stamp = trial.expected.advanced(by: .nanoseconds(Int64(milliseconds * 1_000_000)))
        #expect(harness.session.tap(at: stamp, from: AnswerSource("note 38")))
        let record = try #require(await harness.nextRecord())
        #expect(record.userOffset.milliseconds == milliseconds)
        #expect(record.userOffset.direction == (milliseconds < 0 ? .early : .late))
        #expect(record.tempo == TrainingSettings.defaults.rhythmTempo)
        #expect(harness.observer.matchings == [record])
        #expect(harness.observer.sources == [AnswerSource("note 38")])
        let key = RhythmProfileKey(discipline: .matching, tempo: record.tempo, direction: record.userOffset.direction)
        #expect(harness.profile.statistics(for: key)?.count == 1)
        await harness.session.stop()
    }

    @Test("the reaction is told the counted tap's offset and trial once, before the session records it")
    func theReactionComesFirst() async throws {
        var harness = RhythmMatchingHarness()
        await harness.session.start()
        let trial = try #require(await harness.playClicks())
        let told = Mutex<[(offset: RhythmOffset, trial: RhythmMatchingTrial, recordsThen: Int)]>([])
        let observer = harness.observer
        let reaction: (RhythmOffset, RhythmMatchingTrial) -> Void = { offset, trial in
            told.withLock { $0.append((offset, trial, observer.matchings.count)) }
        }
        #expect(harness.session.countedTap(at: trial.schedule.last, reaction: reaction) == nil, "playing along")
        let offset = try #require(harness.session.countedTap(at: trial.expected.advanced(by: .milliseconds(-12)),
                                                             reaction: reaction))
        #expect(harness.session.countedTap(at: trial.expected, reaction: reaction) == nil, "only the first tap counts")
        _ = try #require(await harness.nextRecord())
        let reactions = told.withLock { $0 }
        #expect(offset.milliseconds == -12)
        #expect(reactions.map(\.offset) == [offset])
        #expect(reactions.map(\.trial) == [trial])
        #expect(reactions.map(\.recordsThen) == [0])
        await harness.session.stop()
    }

    @Test("taps outside the window (playing along, far too late) are ignored; only the first tap inside counts")
    func tapsOutsideTheWindowAreIgnored() async throws {
        var harness = RhythmMatchingHarness()
        await harness.session.start()
        let trial = try #require(await harness.playClicks())
        #expect(!harness.session.tap(at: trial.schedule.last), "a tap on the third click plays along")
        #expect(!harness.session.tap(at: trial.window.upperBound.advanced(by: .nanoseconds(1))))
        #expect(!harness.session.tap(at: trial.window.lowerBound.advanced(by: .nanoseconds(-1))))
        #expect(harness.session.tap(at: trial.window.upperBound))
        #expect(!harness.session.tap(at: trial.expected), "only the first tap counts")
        let record = try #require(await harness.nextRecord())
        #expect(abs(record.userOffset.percentOfSixteenth(at: record.tempo) - 50) < 0.001)
        await harness.session.stop()
    }

    @Test("a tap during the clicks is ignored even when stamped inside the window")
    func tapDuringTheClicksIsIgnoredUnlessInTheWindow() async throws {
        var harness = RhythmMatchingHarness()
        await harness.session.start()
        await harness.waitFor(.playingClicks)
        let trial = try #require(harness.session.currentTrial)
        #expect(!harness.session.tap(at: trial.schedule.first))
        await harness.session.stop()
    }

    @Test("a window that closes without a tap records nothing and the next trial begins; a late-arriving tap finds it closed")
    func missedWindow() async throws {
        var harness = RhythmMatchingHarness()
        await harness.session.start()
        let trial = try #require(await harness.playClicks())
        #expect(trial.closing == trial.window.upperBound.advanced(by: RhythmMatchingSession.deliveryAllowance))
        await harness.player.advanceWhenSleeping(to: trial.closing)
        let missed = await harness.events.next { if case .tapMissed(let missed) = $0 { missed } else { nil } }
        #expect(missed == trial)
        #expect(!harness.session.tap(at: trial.expected), "stamped inside, but read after the window closed")
        await harness.waitFor(.showingFeedback)
        await harness.clock.advanceWhenSleeping(by: RhythmMatchingSession.feedbackDuration)
        let next = try #require(await harness.playClicks())
        #expect(next.number == trial.number + 1)
        #expect(harness.observer.matchings.isEmpty)
        #expect(harness.session.tap(at: next.expected))
        #expect(try #require(await harness.nextRecord()).userOffset == .zero)
        await harness.session.stop()
    }

    @Test("stopping mid-trial withdraws the clicks, records nothing and ignores later taps",
          arguments: [RhythmMatchingState.playingClicks, .awaitingTap])
    func stopMidTrial(state: RhythmMatchingState) async throws {
        var harness = RhythmMatchingHarness()
        await harness.session.start()
        if state == .playingClicks { await harness.waitFor(.playingClicks) } else { _ = await harness.playClicks() }
        let trial = try #require(harness.session.currentTrial)
        await harness.session.stop()
        #expect(harness.session.state == .idle)
        #expect(harness.player.stopAlls == 1)
        #expect(!harness.session.tap(at: trial.expected))
        #expect(harness.observer.matchings.isEmpty)
        let stopped = await harness.events.next { if case .stopped(let reason) = $0 { reason } else { nil } }
        #expect(stopped?.description == "stopped")
    }

    @Test("a failing observer stops the session with its error")
    func failingObserverStops() async throws {
        var harness = RhythmMatchingHarness()
        harness.observer.failFromNowOn()
        await harness.session.start()
        let trial = try #require(await harness.playClicks())
        harness.session.tap(at: trial.expected)
        let reason = await harness.events.next { if case .stopped(let reason) = $0 { reason } else { nil } }
        guard case .failed(let error)? = reason else { Issue.record("expected a failure"); return }
        #expect(error is RecordingRhythmObserver.WriteFailure)
    }

    @Test("three trials in a row without any tap (after the first trial's grace) pause the session, saying why; no further trial clicks")
    func walkingAwayPauses() async throws {
        var harness = RhythmMatchingHarness()
        await harness.session.start()
        // The run's first trial has a grace (issue 34 item 12): three more make the pause.
        let trialsToPause = RhythmMatchingSession.unansweredLimit + 1
        for number in 1...trialsToPause {
            let missed = try #require(await harness.missTrial())
            #expect(missed.number == number)
            if number < trialsToPause { try #require(await harness.passFeedback()) }
        }
        let reason = await harness.events.next { if case .stopped(let reason) = $0 { reason } else { nil } }
        guard case .unanswered(let trials)? = reason else { Issue.record("expected unanswered, got \(String(describing: reason))"); return }
        #expect(trials == 3)
        #expect(reason?.description == "paused: nothing played in the last 3 trials")
        #expect(harness.session.state == .idle)
        #expect(harness.player.patterns.count == trialsToPause)
        #expect(harness.player.stopAlls == 1)
        #expect(harness.observer.matchings.isEmpty)

        // Starting again plays on, the count begun afresh.
        await harness.session.start()
        let next = try #require(await harness.playClicks())
        #expect(next.number == trialsToPause + 1)
        #expect(harness.session.tap(at: next.expected))
        #expect(try #require(await harness.nextRecord()).userOffset == .zero)
        await harness.session.stop()
    }

    @Test("someone who taps, however far off, is still playing; a counted tap starts the count afresh")
    func tappingKeepsItGoing() async throws {
        var harness = RhythmMatchingHarness()
        await harness.session.start()
        _ = try #require(await harness.missTrial())
        try #require(await harness.passFeedback())
        _ = try #require(await harness.missTrial())
        try #require(await harness.passFeedback())
        // Far too early (on the third click): ignored, but someone is there.
        let outside = try #require(await harness.missTrial(tapAt: try TempoBPM(80).sixteenth * -1))
        #expect(outside.number == 3)
        try #require(await harness.passFeedback())
        _ = try #require(await harness.missTrial())
        try #require(await harness.passFeedback())
        let counted = try #require(await harness.playClicks())
        #expect(harness.session.tap(at: counted.expected))
        _ = try #require(await harness.nextRecord())
        try #require(await harness.passFeedback())
        _ = try #require(await harness.missTrial())
        try #require(await harness.passFeedback())
        _ = try #require(await harness.missTrial())
        try #require(await harness.passFeedback())
        // Two misses since the counted tap: the session still runs and clicks the next trial.
        let running = try #require(await harness.playClicks())
        #expect(running.number == 8)
        #expect(harness.session.state == .awaitingTap)
        await harness.session.stop()
        let reason = await harness.events.next { if case .stopped(let reason) = $0 { reason } else { nil } }
        #expect(reason?.description == "stopped")
    }
}

