import ALSASequencer
import Foundation
import PeachTestSupport
import Testing

/// The two queues of a client in the kernel's own words (/proc/asound/seq/queues): the output
/// queue ticks only while something is scheduled on it, the input queue always runs.
@Suite("The output queue runs only while something is scheduled; the input queue always runs",
       .enabled(if: KernelSequencer.isPresent, KernelSequencer.skipReason), .timeLimit(.minutes(Patience.minutes(1))))
struct SequencerQueuePacingTests {
    /// STOP and CONTINUE of any queue (SND_SEQ_EVENT_STOP, _CONTINUE), as the kernel announces
    /// them on the System Timer port.
    private static let stop = MIDIMessage.other(type: 32)
    private static let resume = MIDIMessage.other(type: 31)

    @Test("stopped before anything is scheduled, running while a note-off waits, stopped again once it has left")
    func runsOnlyWhileSomethingIsPending() async throws {
        let peach = try SequencerClient(name: "Peach Pacing Test", queueTickHz: SequencerClient.fastestTickHz)
        defer { peach.close() }
        let receiver = try ReceivingClient(from: peach.outputPort, timestampQueue: peach.outputQueue)
        let timer = try QueueControlWatcher()
        #expect(try QueueState.read(peach.outputQueue).running == false, "a new client's output queue does not tick")
        #expect(try QueueState.read(peach.inputQueue).running == true)

        let noteOff = MIDIMessage.noteOff(channel: 0, note: 60, velocity: 0)
        try peach.schedule(noteOff, at: try peach.currentTime().advanced(by: .milliseconds(300)), tag: 1)
        let pending = try QueueState.read(peach.outputQueue)
        #expect(pending.running == true, "continued for the note-off")
        #expect(pending.timeEvents == 2, "the note-off and the echo behind it")
        #expect(try peach.hasPendingScheduled())

        #expect(await receiver.midiEvents(count: 1).map(\.midiMessage) == [noteOff])
        #expect(await timer.events.waitFor { $0.midiMessage == Self.stop }, "the reader paused the queue once the echo came back")
        let after = try QueueState.read(peach.outputQueue)
        #expect(after.running == false && after.timeEvents == 0)
        #expect(try !peach.hasPendingScheduled())
        #expect(try QueueState.read(peach.inputQueue).running == true)
    }

    @Test("events scheduled out of order arrive in time order, none early, also after a pause")
    func orderAndTimeAcrossPauses() async throws {
        let peach = try SequencerClient(name: "Peach Pacing Order Test", queueTickHz: SequencerClient.fastestTickHz)
        defer { peach.close() }
        let receiver = try ReceivingClient(from: peach.outputPort, timestampQueue: peach.outputQueue)
        let timer = try QueueControlWatcher()
        let peachEvents = EventCollector(peach.events())

        var expected: [(message: MIDIMessage, due: SequencerTime)] = []
        for round in 0..<2 {
            let now = try peach.currentTime()
            let plan: [(UInt8, Int)] = [(62, 120), (60, 40), (61, 80), (63, 120), (64, 10)]
            var scheduled: [(MIDIMessage, SequencerTime)] = []
            for (note, milliseconds) in plan {
                let message = MIDIMessage.noteOn(channel: UInt8(round), note: note, velocity: 1)
                let due = now.advanced(by: .milliseconds(Int64(milliseconds)))
                try peach.schedule(message, at: due, tag: 2)
                scheduled.append((message, due))
            }
            // Time order; the two at 120 ms in the order they were scheduled.
            expected += scheduled.enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }.map { $0.element }
            #expect(await receiver.midiEvents(count: expected.count).count == expected.count)
            #expect(await timer.events.waitUntil { $0.filter { $0.midiMessage == Self.stop }.count == round + 1 },
                    "paused after round \(round)")
            #expect(try QueueState.read(peach.outputQueue).running == false)
            // The paused clock stands at or after the last event it sent: times computed from it
            // for the next round lie ahead of everything already sent.
            #expect(try peach.currentTime() >= expected.last!.due)
        }
        let events = await receiver.midiEvents(count: expected.count)
        #expect(events.map(\.midiMessage) == expected.map(\.message))
        for (event, planned) in zip(events, expected) {
            let stamp = try #require(event.timestampNanoseconds)
            let late = Int64(stamp) - Int64(planned.due.nanoseconds)
            #expect(late >= 0 && late <= KernelSequencer.deliveryTolerance,
                    "\(planned.message) delivered \(Double(late) / 1e6) ms after its time")
        }
        #expect(await timer.events.events.filter { $0.midiMessage == Self.resume }.count == 2, "continued once per round")
        #expect(await peachEvents.events.allSatisfy { $0.midiMessage == nil }, "the echoes never reach events()")
    }

    @Test("held, the queue runs while empty and stamps input on a clock that goes on; released, it pauses")
    func holdKeepsTheClockGoing() async throws {
        let peach = try SequencerClient(name: "Peach Pacing Hold Test", queueTickHz: SequencerClient.fastestTickHz)
        defer { peach.close() }
        let timer = try QueueControlWatcher()
        try peach.holdOutputQueue()
        #expect(try QueueState.read(peach.outputQueue).running == true, "continued by the hold")
        // A scheduled event leaves and its echo comes back; the held queue stays running.
        let receiver = try ReceivingClient(from: peach.outputPort, timestampQueue: peach.outputQueue)
        let noteOn = MIDIMessage.noteOn(channel: 9, note: 37, velocity: 90)
        try peach.schedule(noteOn, at: try peach.currentTime().advanced(by: .milliseconds(20)), tag: 3)
        #expect(await receiver.midiEvents(count: 1).map(\.midiMessage) == [noteOn])
        let before = try peach.currentTime()
        try await Task.sleep(for: .milliseconds(200))
        let state = try QueueState.read(peach.outputQueue)
        #expect(state.running == true && state.timeEvents == 0, "empty and still running")
        let advanced = Int64(try peach.currentTime().nanoseconds) - Int64(before.nanoseconds)
        #expect(advanced >= 150_000_000, "the clock went on while empty: \(Double(advanced) / 1e6) ms")

        try peach.releaseOutputQueue()
        #expect(await timer.events.waitFor { $0.midiMessage == Self.stop }, "paused once released")
        #expect(try QueueState.read(peach.outputQueue).running == false)
    }

    @Test("withdrawing the only pending note-off pauses the queue at once, long before its time")
    func cancellingPausesAtOnce() async throws {
        let peach = try SequencerClient(name: "Peach Pacing Cancel Test", queueTickHz: SequencerClient.fastestTickHz)
        defer { peach.close() }
        let timer = try QueueControlWatcher()
        try peach.schedule(.noteOff(channel: 0, note: 60, velocity: 0), at: try peach.currentTime().advanced(by: .seconds(20)), tag: 3)
        #expect(try QueueState.read(peach.outputQueue).running == true)
        try peach.cancelScheduled(tag: 3)
        let state = try QueueState.read(peach.outputQueue)
        #expect(state.running == false && state.timeEvents == 0)
        #expect(await timer.events.waitFor(timeout: .seconds(5)) { $0.midiMessage == Self.stop })
    }

    @Test("input stamps come from the always-running input queue: they advance while the output queue stands still")
    func inputStampsRunWhileOutputIsPaused() async throws {
        let peach = try SequencerClient(name: "Peach Pacing Input Test", queueTickHz: SequencerClient.fastestTickHz)
        defer { peach.close() }
        let keyboard = try SequencerClient(name: "Peach Pacing Keyboard")
        defer { keyboard.close() }
        let received = EventCollector(peach.events())
        try peach.connectInput(from: keyboard.outputPort)
        await peach.inputClockSettled()

        let outputBefore = try peach.currentTime()
        let before = try peach.inputTime()
        try keyboard.send(.noteOn(channel: 0, note: 60, velocity: 90))
        let first = try #require(await received.first { $0.midiMessage != nil }?.timestampNanoseconds)
        try await Task.sleep(for: .milliseconds(200))
        try keyboard.send(.noteOn(channel: 0, note: 62, velocity: 90))
        let second = try #require(await received.first { $0.midiMessage == .noteOn(channel: 0, note: 62, velocity: 90) }?.timestampNanoseconds)
        let after = try peach.inputTime()

        let tolerance = KernelSequencer.stampTolerance
        #expect(first + tolerance >= before.nanoseconds && second <= after.nanoseconds + tolerance,
                "stamps \(first), \(second) on the input clock that read \(before) before and \(after) after")
        #expect(second >= first + 150_000_000, "the input clock ran on between the two keys")
        #expect(try peach.currentTime() == outputBefore, "the output queue's clock stood still meanwhile")
        #expect(try QueueState.read(peach.outputQueue).running == false)
    }
}

/// Another client subscribed to the System Timer port (0:0), where the kernel announces every
/// queue's START, STOP and CONTINUE: waiting on it is event-driven.
private final class QueueControlWatcher: Sendable {
    let client: SequencerClient
    let events: EventCollector<SequencerEvent>

    init() throws {
        client = try SequencerClient(name: "Peach Queue Watcher")
        events = EventCollector(client.events())
        try client.connectInput(from: SequencerAddress(client: 0, port: 0))  // System:Timer
    }

    deinit { client.close() }
}

/// One queue's block of /proc/asound/seq/queues.
struct QueueState {
    var running: Bool?
    var timeEvents: Int?

    static func read(_ queue: Int) throws -> QueueState {
        let text = try String(contentsOfFile: "/proc/asound/seq/queues", encoding: .utf8)
        let block = text.components(separatedBy: "\n\n").first { $0.hasPrefix("queue \(queue):") } ?? ""
        var state = QueueState()
        for line in block.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "timer state": state.running = parts[1] == "Running"
            case "queued time events": state.timeEvents = Int(parts[1])
            default: break
            }
        }
        return state
    }
}
