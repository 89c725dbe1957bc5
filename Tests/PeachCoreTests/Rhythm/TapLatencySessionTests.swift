import Foundation
import Testing
@testable import PeachCore
import PeachTestSupport

@Suite("Rhythm matching with a tap latency", .timeLimit(.minutes(Patience.minutes(1))))
struct TapLatencySessionTests {
    private static let latency = try! TapLatency(milliseconds: 23)

    @Test("a tap stamped exactly the latency after the fourth sixteenth is on time; others move by it",
          arguments: [0.0, 10.0, -40.0])
    func latencyIsSubtracted(offset: Double) async throws {
        var harness = RhythmMatchingHarness(tapLatency: Self.latency)
        await harness.session.start()
        let trial = try #require(await harness.playClicks())
        let stamp = trial.expected.advanced(by: .nanoseconds(Int64((offset + 23) * 1_000_000)))
        #expect(harness.session.tap(at: stamp))
        let record = try #require(await harness.nextRecord())
        #expect(record.userOffset.milliseconds == offset)
        #expect(harness.observer.matchings == [record])
        await harness.session.stop()
    }

    @Test("the window is judged on the compensated instant: a stamp past the raw window but inside it once compensated counts")
    func windowUsesTheCompensatedInstant() async throws {
        var harness = RhythmMatchingHarness(tapLatency: Self.latency) { $0.rhythmTempo = try! TempoBPM(60) }
        await harness.session.start()
        let trial = try #require(await harness.playClicks())
        // Half a sixteenth at 60 BPM is 125 ms either way of the fourth sixteenth.
        #expect(!harness.session.tap(at: trial.window.lowerBound), "the raw window's start is 23 ms early once compensated")
        let beyond = trial.window.upperBound.advanced(by: .milliseconds(20))
        #expect(harness.session.tap(at: beyond), "20 ms past the raw end is 3 ms inside once compensated")
        let record = try #require(await harness.nextRecord())
        #expect(record.userOffset.milliseconds == 122)
        await harness.session.stop()
    }

    @Test("the session waits the latency longer for a tap meant for the window's end")
    func closingWaitsForTheLatency() async throws {
        var harness = RhythmMatchingHarness(tapLatency: Self.latency)
        await harness.session.start()
        let trial = try #require(await harness.playClicks())
        #expect(trial.closing == trial.window.upperBound.advanced(by: .milliseconds(23) + RhythmMatchingSession.deliveryAllowance))
        // Where an uncompensated session would have closed the window: this one still waits.
        await harness.player.advanceWhenSleeping(to: trial.window.upperBound.advanced(by: RhythmMatchingSession.deliveryAllowance))
        #expect(harness.session.tap(at: trial.window.upperBound.advanced(by: .milliseconds(23))))
        let record = try #require(await harness.nextRecord())
        #expect(abs(record.userOffset.percentOfSixteenth(at: record.tempo) - 50) < 0.001)
        await harness.session.stop()
    }

    @Test("once the compensated window has closed, a tap stamped inside it no longer counts")
    func closedAfterTheLatency() async throws {
        var harness = RhythmMatchingHarness(tapLatency: Self.latency)
        await harness.session.start()
        let trial = try #require(await harness.playClicks())
        let missed = try #require(await harness.missTrialAlreadyPlaying(trial))
        #expect(missed == trial)
        #expect(!harness.session.tap(at: trial.expected.advanced(by: .milliseconds(23))), "read after the window closed")
        #expect(harness.observer.matchings.isEmpty)
        await harness.session.stop()
    }

    @Test("a negative latency (a listener who anticipates) moves stamps later and does not lengthen the wait")
    func negativeLatency() async throws {
        var harness = RhythmMatchingHarness(tapLatency: try TapLatency(milliseconds: -12.5))
        await harness.session.start()
        let trial = try #require(await harness.playClicks())
        #expect(trial.closing == trial.window.upperBound.advanced(by: RhythmMatchingSession.deliveryAllowance))
        #expect(harness.session.tap(at: trial.expected.advanced(by: .microseconds(-12_500))))
        #expect(try #require(await harness.nextRecord()).userOffset == .zero)
        await harness.session.stop()
    }

    @Test("without a latency the session judges taps as stamped")
    func noLatency() async throws {
        var harness = RhythmMatchingHarness()
        #expect(harness.session.tapLatency == nil)
        await harness.session.start()
        let trial = try #require(await harness.playClicks())
        #expect(harness.session.tap(at: trial.expected.advanced(by: .milliseconds(23))))
        #expect(try #require(await harness.nextRecord()).userOffset.milliseconds == 23)
        await harness.session.stop()
    }
}

extension RhythmMatchingHarness {
    /// Lets the window of a trial whose clicks have sounded close without a tap.
    mutating func missTrialAlreadyPlaying(_ trial: RhythmMatchingTrial) async -> RhythmMatchingTrial? {
        await player.advanceWhenSleeping(to: trial.closing)
        return await events.next { if case .tapMissed(let missed) = $0 { missed } else { nil } }
    }
}
