import ALSASequencer
import PeachALSA
import PeachCore
import PeachTestSupport
import Synchronization
import Testing

/// The kernel's side of rhythm training: the clicks leave at the times the schedule names, and
/// a tap is stamped on the same clock, so a tap's offset is a subtraction of two kernel times.
@Suite("Rhythm clicks timed by the kernel, taps stamped on the same clock",
       .enabled(if: KernelSequencer.isPresent, KernelSequencer.skipReason), .timeLimit(.minutes(Patience.minutes(1))))
struct RhythmPlayerIntegrationTests {
    private static let clickOn = MIDIMessage.noteOn(channel: 9, note: 75, velocity: 100)
    private static let tap = MIDIMessage.noteOn(channel: 0, note: 38, velocity: 120)

    private static func sixteenths(_ count: Int) throws -> ClickPattern {
        try ClickPattern(offsets: (0..<count).map { .milliseconds(125 * $0) }, velocity: MIDIVelocity(100))
    }

    @Test("four clicks, one write: each note-on arrives at its scheduled time, never early, its note-off 30 ms later")
    func clicksLeaveOnTime() async throws {
        let peach = try SequencerClient(name: "Peach Rhythm Test", queueTickHz: SequencerClient.fastestTickHz)
        defer { peach.close() }
        // Stamped on Peach's own output queue: the clock the schedule is on.
        let receiver = try ReceivingClient(from: peach.outputPort, timestampQueue: peach.outputQueue)
        let player = try ALSARhythmPlayer(output: peach)
        defer { try? player.close() }

        let schedule = try player.schedule(try Self.sixteenths(4))
        let events = await receiver.midiEvents(count: 8)
        try #require(events.count == 8)
        let onsets = events.filter { $0.midiMessage == Self.clickOn }
        try #require(onsets.count == 4)
        let halfTick = Int64(peach.tickPeriod / .nanoseconds(1)) / 2
        for (event, due) in zip(onsets, schedule.times) {
            let late = Int64(try #require(event.timestampNanoseconds)) - due.nanoseconds
            #expect(late >= -halfTick && late <= KernelSequencer.deliveryTolerance, "click \(Double(late) / 1e6) ms from its time")
        }
        #expect(events.map(\.midiMessage) == (0..<4).flatMap { _ in
            [Self.clickOn, MIDIMessage.noteOff(channel: 9, note: 75, velocity: 0)]
        })
    }

    @Test("a drummer who answers the third click is stamped after its arrival and before the fourth, on the player's clock")
    func tapsShareTheClock() async throws {
        let peach = try SequencerClient(name: "Peach Rhythm Tap Test", queueTickHz: SequencerClient.fastestTickHz)
        defer { peach.close() }
        let player = try ALSARhythmPlayer(output: peach)
        defer { try? player.close() }
        // The drummer hears the clicks and hits a pad the moment the third arrives.
        // Both ends stamp on Peach's output queue: the click's arrival at the drummer and the
        // tap's at Peach are on one clock, so causality can be checked to the nanosecond.
        let heard = Mutex<[UInt64]>([])
        let pad = Mutex<SequencerClient?>(nil)
        let drummer = try SequencerClient(name: "Peach Test Drummer") { event in
            guard event.midiMessage == Self.clickOn, let stamp = event.timestampNanoseconds else { return }
            let count = heard.withLock { heard in
                heard.append(stamp)
                return heard.count
            }
            if count == 3 { pad.withLock { try? $0?.send(Self.tap) } }
        }
        defer { drummer.close() }
        pad.withLock { $0 = drummer }
        try drummer.connectInput(from: peach.outputPort, timestampQueue: peach.outputQueue)
        let taps = EventCollector(peach.events())
        try peach.connectInput(from: drummer.outputPort, timestampQueue: peach.outputQueue)

        let schedule = try player.schedule(try Self.sixteenths(4))
        #expect(await taps.waitFor { $0.midiMessage == Self.tap })
        let tap = try #require(await taps.events.first { $0.midiMessage == Self.tap })
        let stamp = Int64(try #require(tap.timestampNanoseconds))
        let clicks = heard.withLock { $0 }
        try #require(clicks.count >= 3)
        let third = Int64(clicks[2])
        let arrival = third - schedule.times[2].nanoseconds
        #expect(arrival >= -Int64(peach.tickPeriod / .nanoseconds(1)) && arrival <= KernelSequencer.deliveryTolerance,
                "the third click reached the drummer \(Double(arrival) / 1e6) ms from its time")
        #expect(stamp >= third, "the tap is stamped \(Double(stamp - third) / 1e6) ms after the click it answers")
        #expect(stamp < schedule.times[3].nanoseconds, "and before the fourth click's time")
    }
}
