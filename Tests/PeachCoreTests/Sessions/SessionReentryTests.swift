import Synchronization
import Testing
@testable import PeachCore
import PeachTestSupport

/// Listeners and reactions run outside the session's lock, so calling back into the session
/// from them is harmless by construction (it used to deadlock on the lock it was called under).
@Suite("Calling back into a session from its own listeners", .timeLimit(.minutes(Patience.minutes(1))))
struct SessionReentryTests {
    @Test("an event handler may read the session and answer it")
    func handlerAnswersTheSession() async throws {
        var harness = try ComparisonHarness()
        let session = harness.session
        let statesSeen = Mutex<[PitchComparisonState]>([])
        session.observeEvents { event in
            guard case .stateChanged(let state) = event else { return }
            statesSeen.withLock { $0.append(session.state) }
            if state == .playingNote2 { session.answer(higher: true) }
        }
        await session.start()
        await harness.waitFor(.playingNote1)
        await harness.clock.advanceWhenSleeping(by: harness.settings.current.noteDuration.duration)
        let record = try #require(await harness.nextRecord())
        await session.stop()

        #expect(harness.observer.comparisons == [record])
        #expect(statesSeen.withLock { $0 }.starts(with: [.playingNote1, .playingNote2]))
    }

    @Test("events published from a handler are delivered after the one being handled, in order")
    func nestedEventsKeepTheirOrder() {
        let broadcaster = EventBroadcaster<Int>()
        let seen = Mutex<[Int]>([])
        broadcaster.observe { event in
            seen.withLock { $0.append(event) }
            if event == 1 {
                broadcaster.publish(2)
                broadcaster.publish(3)
                // Not delivered yet: the outer delivery is still handing out 1.
                #expect(seen.withLock { $0 } == [1])
            }
        }
        broadcaster.publish(1)
        broadcaster.publish(4)
        #expect(seen.withLock { $0 } == [1, 2, 3, 4])
    }

    @Test("rhythm's reaction may read the session it judges; it is told before the record exists")
    func reactionReadsTheSession() async throws {
        var harness = DetectionHarness()
        let session = harness.session
        await session.start()
        let trial = try #require(await harness.playClicks())
        let early = trial.offset.direction == .early
        let stateAtReaction = Mutex<RhythmOffsetDetectionState?>(nil)
        let recordsAtReaction = Mutex<Int?>(nil)
        let observer = harness.observer
        let correct = session.judgedAnswer(early: early) { _ in
            stateAtReaction.withLock { $0 = session.state }
            recordsAtReaction.withLock { $0 = observer.detections.count }
        }
        #expect(correct == true)
        _ = try #require(await harness.nextRecord())
        await session.stop()
        #expect(stateAtReaction.withLock { $0 } == .awaitingAnswer)
        #expect(recordsAtReaction.withLock { $0 } == 0)
    }
}
