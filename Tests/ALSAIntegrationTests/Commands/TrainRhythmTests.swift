import ALSASequencer
import Foundation
import PeachTestSupport
import Synchronization
import Testing

/// `peach train` in the rhythm modes, in the VM: a drummer client of the test's own hears the
/// clicks and taps back at chosen instants, and the virtual keyboard (snd-virmidi through amidi)
/// is the clumsy user's pad.
@Suite("peach train rhythm with a drummer and a keyboard", .serialized, .timeLimit(.minutes(Patience.minutes(3))),
       .enabled(if: KernelSequencer.isPresent, KernelSequencer.skipReason))
struct TrainRhythmTests {
    /// At the default 80 BPM.
    static let sixteenth: Duration = .microseconds(187_500)

    @Test("rhythm matching: taps 20 ms early and late are recorded as −20 and +20 ms, to within the kernel's delivery")
    func tapsEarlyAndLate() async throws {
        let offsets: [Duration] = [.milliseconds(-20), .milliseconds(20), .milliseconds(-20), .milliseconds(20)]
        // The third click of trial n is click 3n: the tap goes where the fourth belongs, plus the offset.
        let drummer = try TestDrummer { click in
            click % 3 == 0 && click / 3 <= offsets.count ? TrainRhythmTests.sixteenth + offsets[click / 3 - 1] : nil
        }
        defer { drummer.close() }
        let run = try TrainRun(["rhythm-matching", "--trials", "4", "--from", "Test Pads", "--to", "Test Ears"])
        defer { run.remove() }
        var events: [TrainEvent] = []
        for await line in run.process.lines {
            guard let event = TrainEvent(line) else { continue }
            events.append(event)
            // Paused for want of taps: the drummer's did not count; end, and say what happened.
            if event.event == "stopped" { run.process.send(signal: SIGINT) }
        }
        let outcome = try await run.process.finished(within: .seconds(30))
        #expect(outcome.status == 0, "\(outcome)")

        let taps = events.filter { $0.event == "trialCompleted" }.compactMap { $0.number("userOffsetMs") }
        try #require(taps.count == 4, "\(events.map(\.line))")
        for (tap, asked) in zip(taps, offsets) {
            let askedMs = Double(asked / .microseconds(1)) / 1000
            // Never before the tap was sent; after it by two kernel deliveries (the click's to the
            // drummer, the tap's to Peach) and two queue ticks, whose lateness a busy emulated guest
            // stretches (3.6 ms with the host suites beside the VM): a functional bound, half the
            // offset, so an early tap is still told from none and from a late one. The precision
            // is BENCHMARKS.md figure 17's.
            #expect(tap >= askedMs - 0.5 && tap <= askedMs + 10, "asked \(askedMs) ms, recorded \(tap) ms")
        }
        let rows = try await run.exportedRows()
        #expect(rows.count == 4)
        #expect(rows.allSatisfy { $0.contains("rhythmMatching") }, "\(rows)")
        #expect(events.last?.event == "finished")
    }

    @Test("rhythm matching with nobody playing pauses after three trials past the first one's grace, says why, and a pad's tap goes on")
    func unansweredThenTap() async throws {
        let synth = try SequencerClient(name: "Test Synth")
        defer { synth.close() }
        let run = try TrainRun(["rhythm-matching", "--from", "16:0", "--to", "\(synth.inputPort)"])
        defer { run.remove() }
        var events: [TrainEvent] = []
        var resumed = false, goneOn = false
        for await line in run.process.lines {
            guard let event = TrainEvent(line) else { continue }
            events.append(event)
            if event.event == "stopped", !resumed {
                resumed = true
                // The pad the hands are on: a tap while paused goes on, as start/stop would.
                try await ALSATools.amidi(send: "99 26 70 89 26 00")
            }
            if event.event == "notice", event.fields["message"] as? String == "training goes on" { goneOn = true }
            // Clicks again after the tap: enough, the user leaves with Ctrl-C.
            if goneOn, event.event == "trialStarted" { run.process.send(signal: SIGINT) }
        }
        let outcome = try await run.process.finished(within: .seconds(60))
        #expect(outcome.status == 0, "\(outcome)")
        let stopIndex = try #require(events.firstIndex { $0.event == "stopped" }, "\(events.map(\.line))")
        // The first trial's grace (issue 34 item 12), then three in a row without a tap.
        #expect(events[..<stopIndex].filter { $0.event == "tapMissed" }.count == 4)
        #expect((events[stopIndex].fields["problem"] as? String)?.contains("3") == true, "\(events[stopIndex])")
        #expect(goneOn, "\(events.map(\.line))")
        #expect(events[stopIndex...].contains { $0.event == "trialStarted" }, "clicks again after the tap")
        #expect(try await run.exportedRows().isEmpty, "a missed tap records nothing")
    }

    @Test("rhythm offset detection: a key below middle C answers early, one above late; each record says whether it was right")
    func earlyOrLateOnKeys() async throws {
        let synth = try SequencerClient(name: "Test Synth")
        defer { synth.close() }
        let received = EventCollector(synth.events())
        // With the feedback cue on: high wood block right, low wrong, on the drum channel.
        let run = try TrainRun(["rhythm-offset-detection", "--trials", "4", "--from", "16:0", "--to", "\(synth.inputPort)"],
                               environment: ["PEACH_FEEDBACK_CHANNEL": "10"])
        defer { run.remove() }
        var events: [TrainEvent] = []
        var answered = 0
        for await line in run.process.lines {
            guard let event = TrainEvent(line) else { continue }
            events.append(event)
            if event.event == "state", event.state == "awaitingAnswer" {
                // Alternately early (C3) and late (C5): right or wrong is up to the trial's side.
                answered += 1
                try await ALSATools.amidi(send: answered % 2 == 1 ? "90 30 64 80 30 00" : "90 48 64 80 48 00")
            }
        }
        let outcome = try await run.process.finished(within: .seconds(30))
        #expect(outcome.status == 0, "\(outcome)")
        let completed = events.filter { $0.event == "trialCompleted" }
        try #require(completed.count == 4, "\(events.map(\.line))")
        for (index, record) in completed.enumerated() {
            let answeredEarly = index % 2 == 0
            let wasEarly = (record.number("offsetMs") ?? 0) < 0
            #expect(record.bool("isCorrect") == (answeredEarly == wasEarly), "\(record)")
        }
        #expect(try await run.exportedRows().filter { $0.contains("rhythmOffsetDetection") }.count == 4)
        // The cue left as each answer was judged: one per trial, saying right or wrong.
        let cues = await received.events.compactMap(\.midiMessage).compactMap { message -> Bool? in
            guard case .noteOn(9, let note, let velocity) = message, velocity > 0, note == 76 || note == 77 else { return nil }
            return note == 76
        }
        #expect(cues == completed.map { $0.bool("isCorrect") ?? false }, "\(cues)")
        // Every click reached the synth and none is left sounding.
        #expect(events.last?.event == "finished")
    }
}
