import ALSASequencer
import Foundation
import PeachTestSupport
import Testing

/// `peach play` to a sequencer client of the test's own, which records what arrives and when.
@Suite("peach play", .serialized, .timeLimit(.minutes(Patience.minutes(2))),
       .enabled(if: KernelSequencer.isPresent, KernelSequencer.skipReason))
struct PlayCommandTests {
    /// A received event and when it arrived (Peach's own subscription carries no kernel stamp).
    struct Arrival: Sendable {
        let event: SequencerEvent
        let at: ContinuousClock.Instant
    }

    /// A client standing in for the synth, recording every event with its arrival time.
    static func synth(_ name: String = "Play Test Synth") throws -> (SequencerClient, EventCollector<Arrival>) {
        let client = try SequencerClient(name: name)
        let events = client.events()
        let stamped = AsyncStream<Arrival> { continuation in
            let forwarding = Task {
                for await event in events { continuation.yield(Arrival(event: event, at: .now)) }
                continuation.finish()
            }
            continuation.onTermination = { _ in forwarding.cancel() }
        }
        return (client, EventCollector(stamped))
    }

    @Test("A4 + 13.7 c: setup, then bend +561 before the note-on, the note-off 0.5 s later, the bend centred")
    func detunedNote() async throws {
        let (synth, received) = try Self.synth()
        defer { synth.close() }
        let outcome = try await PeachCommand.run(["play", "A4", "--cents", "13.7", "--duration", "0.5", "--to", "\(synth.inputPort)"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stdout.contains("Playing A4 +13.7 c = 443.496 Hz (MIDI note 69 A4, pitch bend +561) for 0.5 s on \(synth.inputPort)"),
                "\(outcome.stdout)")

        _ = await received.waitUntil(timeout: .seconds(5)) { $0.contains { $0.event.midiMessage == .pitchBend(channel: 0, value: 0) } }
        let arrivals = await received.events.filter { $0.event.midiMessage != nil }
        let messages = arrivals.compactMap(\.event.midiMessage)
        // All Notes Off, bend centred, bank select, program, RPN 0 = 2 semitones, null RPN: the
        // synth's setup comes first.
        #expect(Array(messages.prefix(5)) == [.controlChange(channel: 0, controller: 123, value: 0),
                                              .pitchBend(channel: 0, value: 0),
                                              .controlChange(channel: 0, controller: 0, value: 0),
                                              .controlChange(channel: 0, controller: 32, value: 0),
                                              .programChange(channel: 0, program: 0)], "\(messages)")
        #expect(messages.contains(.controlChange(channel: 0, controller: 6, value: 2)), "bend range sent: \(messages)")
        let note: [MIDIMessage] = [.pitchBend(channel: 0, value: 561), .noteOn(channel: 0, note: 69, velocity: 63),
                                   .noteOff(channel: 0, note: 69, velocity: 0), .pitchBend(channel: 0, value: 0)]
        #expect(Array(messages.suffix(4)) == note, "\(messages)")
        let on = try #require(arrivals.first { $0.event.midiMessage == note[1] })
        let off = try #require(arrivals.first { $0.event.midiMessage == note[2] })
        let held = off.at - on.at
        // Arrival times read by this test's own reader thread, which a loaded VM wakes late now
        // and then: a functional bound (the note lasted about half a second), not a precision one.
        #expect(held >= .milliseconds(400) && held <= .milliseconds(800), "the note sounded \(held)")
    }

    @Test("to an amsynth: quiet after the subscription notice and before the unsubscription, so amsynth reads each alone")
    func amsynthNoticeGap() async throws {
        // A client named as amsynth's are; Peach knows it by that name only.
        let (synth, received) = try Self.synth("amsynth")
        defer { synth.close() }
        let outcome = try await PeachCommand.run(["play", "A4", "--cents", "-2.5", "--duration", "0.2", "--to", "amsynth"])
        #expect(outcome.status == 0, "\(outcome)")
        _ = await received.waitUntil(timeout: .seconds(5)) { arrivals in
            arrivals.contains { if case .unsubscribed? = $0.event.announcement { true } else { false } }
        }
        let arrivals = await received.events
        let subscribed = try #require(arrivals.firstIndex { if case .subscribed? = $0.event.announcement { true } else { false } })
        let unsubscribed = try #require(arrivals.lastIndex { if case .unsubscribed? = $0.event.announcement { true } else { false } })
        let midi = arrivals.indices.filter { arrivals[$0].event.midiMessage != nil }
        let first = try #require(midi.first), last = try #require(midi.last)
        #expect(subscribed < first && last < unsubscribed, "\(arrivals.map(\.event))")
        // Peach keeps 50 ms; a reader woken late could shorten what this test sees, so the
        // bound is half that, and far above the microseconds with no gap.
        #expect(arrivals[first].at - arrivals[subscribed].at >= .milliseconds(25), "\(arrivals)")
        #expect(arrivals[unsubscribed].at - arrivals[last].at >= .milliseconds(25), "\(arrivals)")
    }

    @Test("a frequency, a MIDI number and a negative detune reach the synth as note and bend")
    func otherForms() async throws {
        let (synth, received) = try Self.synth()
        defer { synth.close() }
        for (arguments, expected) in [(["--frequency", "440", "--cents", "-30"], (note: UInt8(69), bend: Int16(-1229))),
                                      (["60", "--cents=-25"], (note: UInt8(60), bend: Int16(-1024)))] {
            await received.clear()
            let outcome = try await PeachCommand.run(["play"] + arguments + ["--duration", "0.2", "--to", "Play Test Synth"])
            #expect(outcome.status == 0, "\(outcome)")
            let wanted: [MIDIMessage] = [.pitchBend(channel: 0, value: expected.bend),
                                         .noteOn(channel: 0, note: expected.note, velocity: 63),
                                         .noteOff(channel: 0, note: expected.note, velocity: 0),
                                         .pitchBend(channel: 0, value: 0)]
            // Waits for the whole sequence: an earlier bend to 0 (a reset) must not end the wait.
            _ = await received.waitUntil(timeout: .seconds(10)) { Array($0.compactMap(\.event.midiMessage).suffix(4)) == wanted }
            let messages = await received.events.compactMap(\.event.midiMessage)
            #expect(Array(messages.suffix(4)) == wanted, "\(arguments): \(messages)")
        }
    }

    @Test("in just intonation, play says where training puts the reference: C#4 13.69 c flat, on the just scale built on A4")
    func justIntonationReference() async throws {
        let (synth, _) = try Self.synth()
        defer { synth.close() }
        let outcome = try await PeachCommand.run(["play", "C#4", "--duration", "0.2", "--to", "\(synth.inputPort)"],
                                                 environment: ["PEACH_TUNING_SYSTEM": "justIntonation"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stdout.contains("training sounds C#4 as a reference at 275.000 Hz, -13.69 c from this equal-tempered pitch"),
                "\(outcome.stdout)")
        let plain = try await PeachCommand.run(["play", "C#4", "--duration", "0.2", "--to", "\(synth.inputPort)"])
        #expect(!plain.stdout.contains("training sounds"), "equal temperament says nothing more: \(plain.stdout)")
    }

    @Test("SIGTERM during a long note: exit 0 at once, note-off and All Notes Off sent, nothing sounding")
    func terminated() async throws {
        let (synth, received) = try Self.synth()
        defer { synth.close() }
        let folder = try PeachCommand.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let play = try PeachCommand.start(["play", "C4", "--duration", "20", "--to", "\(synth.inputPort)"], in: folder)
        // The precondition first: the signal must find the note sounding (a slow start-up is
        // waited for, not raced).
        let sounding = await received.waitFor(timeout: .seconds(120)) { $0.event.midiMessage == .noteOn(channel: 0, note: 60, velocity: 63) }
        try #require(sounding, "the note started")
        let sent = ContinuousClock.now
        play.send(signal: SIGTERM)
        let outcome = try await play.finished(within: .seconds(60))
        #expect(outcome.status == 0 && !outcome.wasSignalled, "\(outcome)")
        // "At once": ten times the quiet figure (figure 10 has the precise one), measured from the signal.
        #expect(ContinuousClock.now - sent < .seconds(5))
        _ = await received.waitFor(timeout: .seconds(20)) { $0.event.midiMessage == .controlChange(channel: 0, controller: 123, value: 0) }
        let events = await received.events.map(\.event)
        #expect(events.contains { $0.midiMessage == .controlChange(channel: 0, controller: 123, value: 0) }, "All Notes Off")
        #expect(SoundingNotes.stillSounding(events).isEmpty, "\(events.compactMap(\.midiMessage))")
    }

    @Test("unknown or unusable ports are errors that list the ports there are", arguments: [
        ("No Such Synth", "no sequencer port matches \"No Such Synth\""),
        ("0:1", "does not accept subscriptions"),
    ])
    func unknownPort(spec: String, message: String) async throws {
        let outcome = try await PeachCommand.run(["play", "A4", "--to", spec])
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
        if message.hasPrefix("no sequencer port") {
            #expect(outcome.stderr.contains("14:0 \"Midi Through Port-0\" of \"Midi Through\""), "the ports are listed: \(outcome.stderr)")
            #expect(!outcome.stderr.contains("of \"Peach"), "Peach's own ports are no candidates: \(outcome.stderr)")
        }
        #expect(!outcome.stdout.contains("Playing"), "\(outcome.stdout)")
    }

    @Test("midi.portWait: a named port that appears later is waited for; one that never does fails after the wait")
    func waitsForPort() async throws {
        let folder = try PeachCommand.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let play = try PeachCommand.start(["play", "A4", "--duration", "0.2", "--to", "Late Synth"],
                                          environment: ["PEACH_MIDI_PORT_WAIT": "20"], in: folder)
        let waiting = await play.firstLine { $0.contains("waiting for port \"Late Synth\"") }
        #expect(waiting != nil, "\(play.standardError)")
        let (synth, received) = try Self.synth("Late Synth")
        defer { synth.close() }
        let outcome = try await play.finished(within: .seconds(20))
        #expect(outcome.status == 0, "\(outcome)")
        #expect(await received.waitFor(timeout: .seconds(2)) { $0.event.midiMessage == .noteOn(channel: 0, note: 69, velocity: 63) })

        let started = ContinuousClock.now
        let never = try await PeachCommand.run(["play", "A4", "--to", "Never Synth"], environment: ["PEACH_MIDI_PORT_WAIT": "1"])
        #expect(never.status == 1, "\(never)")
        #expect(never.stderr.contains("no sequencer port matches \"Never Synth\""), "\(never.stderr)")
        #expect(ContinuousClock.now - started >= .seconds(1), "it waited")
    }
}
