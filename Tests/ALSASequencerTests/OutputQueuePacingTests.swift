import PeachTestSupport
import Testing

@testable import ALSASequencer

/// The output queue's pacing as a pure value: when a schedule continues the queue and sets an
/// echo, and what an arriving echo or a withdrawal leads to. The kernel's side (that a paused
/// queue really stops ticking) is proven in the VM (SequencerQueuePacingTests).
@Suite("The output queue runs only while something is scheduled", .timeLimit(.minutes(Patience.minutes(1))))
struct OutputQueuePacingTests {
    private static func at(_ milliseconds: UInt64) -> SequencerTime { SequencerTime(nanoseconds: milliseconds * 1_000_000) }

    @Test("the first schedule continues the paused queue and sets an echo at the event's time")
    func firstScheduleContinues() {
        var pacing = OutputQueuePacing()
        let plan = pacing.scheduling(at: Self.at(300))
        #expect(plan.continueQueue)
        #expect(plan.echo?.time == Self.at(300))
        #expect(pacing.running)
    }

    @Test("a later event gets an echo of its own; an earlier one is covered by the latest echo")
    func echoesOnlyForTheLatest() throws {
        var pacing = OutputQueuePacing()
        let first = try #require(pacing.scheduling(at: Self.at(300)).echo)
        let earlier = pacing.scheduling(at: Self.at(100))
        #expect(!earlier.continueQueue && earlier.echo == nil)
        let same = try #require(pacing.scheduling(at: Self.at(300)).echo, "an event at the latest echo's time goes behind it")
        let later = try #require(pacing.scheduling(at: Self.at(500)).echo)
        #expect(Set([first.serial, same.serial, later.serial]).count == 3)
        #expect(pacing.latestEcho == later)
    }

    @Test("older echoes change nothing; the latest one pauses an empty queue")
    func latestEchoPauses() throws {
        var pacing = OutputQueuePacing()
        let first = try #require(pacing.scheduling(at: Self.at(100)).echo)
        let latest = try #require(pacing.scheduling(at: Self.at(200)).echo)
        #expect(pacing.echoArrived(serial: first.serial, queueIsEmpty: false) == .nothing)
        #expect(pacing.echoArrived(serial: latest.serial, queueIsEmpty: true) == .pause)
        #expect(!pacing.running && pacing.latestEcho == nil)
        #expect(pacing.scheduling(at: Self.at(250)).continueQueue, "the next schedule continues it again")
    }

    @Test("events scheduled behind the latest echo after it left get one more echo at its time")
    func raceGetsAnotherEcho() throws {
        var pacing = OutputQueuePacing()
        let latest = try #require(pacing.scheduling(at: Self.at(200)).echo)
        // The kernel sent the echo; before the reader saw it, an event due earlier (no echo of
        // its own) was scheduled: the queue is not empty when the echo arrives.
        #expect(pacing.scheduling(at: Self.at(150)).echo == nil)
        guard case .echoAgain(let again) = pacing.echoArrived(serial: latest.serial, queueIsEmpty: false) else {
            Issue.record("expected another echo")
            return
        }
        #expect(again.time == latest.time && again.serial != latest.serial)
        #expect(pacing.echoArrived(serial: latest.serial, queueIsEmpty: true) == .nothing, "the old echo is no longer the latest")
        #expect(pacing.echoArrived(serial: again.serial, queueIsEmpty: true) == .pause)
    }

    @Test("a queue that stays busy with events that are not ours is left running after a few echoes")
    func foreignEventsEndTheEchoes() throws {
        var pacing = OutputQueuePacing()
        var serial = try #require(pacing.scheduling(at: Self.at(10)).echo).serial
        for _ in 0..<OutputQueuePacing.maximumEchoesAgain {
            guard case .echoAgain(let again) = pacing.echoArrived(serial: serial, queueIsEmpty: false) else {
                Issue.record("expected another echo")
                return
            }
            serial = again.serial
        }
        #expect(pacing.echoArrived(serial: serial, queueIsEmpty: false) == .nothing)
        #expect(pacing.running && pacing.latestEcho == nil)
        let next = pacing.scheduling(at: Self.at(20))
        #expect(!next.continueQueue && next.echo != nil, "the next schedule sets an echo again")
    }

    @Test("withdrawing the last events pauses at once; withdrawing some puts the echo back behind the rest")
    func withdrawal() throws {
        var pacing = OutputQueuePacing()
        _ = pacing.scheduling(at: Self.at(100))
        let latest = try #require(pacing.scheduling(at: Self.at(700)).echo)
        guard case .echoAgain(let back) = pacing.withdrawn(queueIsEmpty: false) else {
            Issue.record("expected the echo back")
            return
        }
        #expect(back.time == latest.time && back.serial != latest.serial)
        #expect(pacing.withdrawn(queueIsEmpty: true) == .pause)
        #expect(!pacing.running)
        #expect(pacing.withdrawn(queueIsEmpty: true) == .nothing, "a paused queue is not paused again")
        #expect(pacing.echoArrived(serial: back.serial, queueIsEmpty: true) == .nothing, "its withdrawn echo's arrival is ignored")
    }

    @Test("after a failed pause the queue counts as running; after a failed write the next schedule starts afresh")
    func failures() throws {
        var pacing = OutputQueuePacing()
        let echo = try #require(pacing.scheduling(at: Self.at(100)).echo)
        #expect(pacing.echoArrived(serial: echo.serial, queueIsEmpty: true) == .pause)
        pacing.pauseFailed()
        #expect(pacing.running)
        #expect(!pacing.scheduling(at: Self.at(200)).continueQueue)
        pacing.forget()
        let fresh = pacing.scheduling(at: Self.at(150))
        #expect(fresh.continueQueue && fresh.echo != nil)
    }

    @Test("a hold continues a paused queue once and keeps it running through empty echoes and withdrawals")
    func holdKeepsRunning() throws {
        var pacing = OutputQueuePacing()
        let first = pacing.holding(), second = pacing.holding()
        #expect(first, "a paused queue is continued")
        #expect(!second, "a running one is not continued again")
        let echo = try #require(pacing.scheduling(at: Self.at(100)).echo)
        #expect(pacing.echoArrived(serial: echo.serial, queueIsEmpty: true) == .nothing)
        #expect(pacing.running)
        _ = pacing.scheduling(at: Self.at(200))
        #expect(pacing.withdrawn(queueIsEmpty: true) == .nothing)
        #expect(pacing.running && pacing.held)
    }

    @Test("releasing the hold sets an echo behind everything due; its arrival pauses the empty queue")
    func releasePauses() throws {
        var pacing = OutputQueuePacing()
        _ = pacing.holding()
        _ = pacing.scheduling(at: Self.at(500))
        let released = pacing.releasing(at: Self.at(300))
        let echo = try #require(released)
        #expect(echo.time == Self.at(500), "not before what is still due")
        #expect(!pacing.held)
        #expect(pacing.echoArrived(serial: echo.serial, queueIsEmpty: true) == .pause)
        #expect(pacing.releasing(at: Self.at(600)) == nil, "a paused queue needs no echo")
    }
}
