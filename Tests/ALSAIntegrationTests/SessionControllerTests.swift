import ALSASequencer
import Foundation
import PeachALSA
import PeachCore
import Testing
import PeachTestSupport

/// Sessions answered from a "hardware keyboard": bytes typed with amidi into snd-virmidi's
/// hw:0,0, which the sequencer shows as client 16:0, through the ControllerMapping.
@Suite("Sessions driven by a MIDI controller",
       .enabled(if: KernelSequencer.isPresent, KernelSequencer.skipReason), .timeLimit(.minutes(Patience.minutes(1))))
struct SessionControllerTests {
    static let keyboard = SequencerAddress(client: 16, port: 0)

    static func hex(_ bytes: Int...) -> String { bytes.map { String(format: "%02X", $0) }.joined(separator: " ") }

    @Test("keys typed with amidi answer a PitchComparisonSession and complete the right trials")
    func keysAnswerComparisons() async throws {
        let peach = try SequencerClient(name: "Peach Keys Test")
        defer { peach.close() }
        let synth = try SequencerClient(name: "Peach Keys Synth")
        defer { synth.close() }
        try peach.connectOutput(to: synth.inputPort)
        try peach.connectInput(from: Self.keyboard)
        let player = ALSANotePlayer(output: peach)
        let session = PitchComparisonSession(try PitchComparison(intervals: [.prime], player: player), settings: sessionTestSettings())
        let events = EventCollector(session.events())
        let router = ControllerRouter(source: Self.keyboard, comparison: session)
        let routing = Task { [stream = peach.events()] in await router.run(stream) }
        defer { routing.cancel() }

        await session.start()
        // Trial 1 answered right, trial 2 wrong: a key above the target means "higher". The
        // events are kept: the next trial starts at once, and may come before the test looks.
        for (number, answerRight) in [(1, true), (2, false)] {
            let isStart: @Sendable (PitchComparisonEvent) -> Bool = { event in
                if case .trialStarted(let trial) = event { trial.number == number } else { false }
            }
            try #require(await events.waitFor(isStart))
            let all = await events.events
            let start = try #require(all.firstIndex(where: isStart))
            guard case .trialStarted(let trial) = all[start] else { return }
            await router.targetChanged(trial.targetNote)
            #expect(await events.waitFor(after: start) { $0.isState(.awaitingAnswer) })
            let higher = (trial.centOffset.rawValue > 0) == answerRight
            let key = trial.targetNote.rawValue + (higher ? 2 : -2)
            try await ALSATools.amidi(send: Self.hex(0x90, key, 100))
            try await ALSATools.amidi(send: Self.hex(0x80, key, 0))
            let completed = await events.waitFor(after: start) { event in
                if case .trialCompleted(let record, _) = event { record.isCorrect == answerRight } else { false }
            }
            #expect(completed, "trial \(number) completed as \(answerRight ? "right" : "wrong")")
        }
        await session.stop()
        #expect(await router.routed.filter { if case .answer = $0 { true } else { false } }.count == 2)
    }

    @Test("a mod-wheel sweep typed with amidi retunes a PitchMatchingSession's note; the pedal commits")
    func modWheelRetunesMatching() async throws {
        let peach = try SequencerClient(name: "Peach Wheel Test")
        defer { peach.close() }
        let synth = try SequencerClient(name: "Peach Wheel Synth")
        defer { synth.close() }
        let heard = EventCollector(synth.events())
        try peach.connectOutput(to: synth.inputPort)
        try peach.connectInput(from: Self.keyboard)
        let player = ALSANotePlayer(output: peach)
        let session = PitchMatchingSession(try PitchMatching(intervals: [.prime], player: player), settings: sessionTestSettings())
        let events = EventCollector(session.events())
        let router = ControllerRouter(source: Self.keyboard, matching: session)
        let routing = Task { [stream = peach.events()] in await router.run(stream) }
        defer { routing.cancel() }

        await session.start()
        #expect(await events.waitFor { $0.isState(.awaitingTouch) })
        let trial = try #require(await events.events.lazy.compactMap { event -> PitchMatchingTrial? in
            if case .trialStarted(let trial) = event { trial } else { nil }
        }.first)
        let notesBefore = await heard.midiMessages.count
        // The sweep: bottom, middle, top of the wheel (CC 1; no LSB, so 7-bit).
        for value in [0, 64, 127] {
            try await ALSATools.amidi(send: Self.hex(0xB0, 1, value))
            #expect(await events.waitFor { event in
                guard case .tunableAdjusted(let offset) = event else { return false }
                return abs(offset.rawValue - trial.centOffset(forControlValue: Double(value) / 127 * 2 - 1).rawValue) < 0.5
            }, "the wheel at \(value) moved the note")
        }
        try await ALSATools.amidi(send: Self.hex(0xB0, 64, 127))  // sustain pedal: commit
        let committed = await events.waitFor { if case .trialCompleted = $0 { true } else { false } }
        #expect(committed)

        // The synth heard the tunable note start and its bend follow the wheel over ±20 c.
        let tunable = Array(await heard.midiMessages.dropFirst(notesBefore))
        let bends = tunable.compactMap { if case .pitchBend(_, let value) = $0 { Int(value) } else { nil } }
        #expect(tunable.contains { if case .noteOn = $0 { true } else { false } })
        let record = await events.events.lazy.compactMap { event -> PitchMatchingRecord? in
            if case .trialCompleted(let record, _) = event { record } else { nil }
        }.first
        #expect(record.map { abs($0.userCentError.rawValue - trial.centOffset(forControlValue: 1).rawValue) < 0.5 } == true)
        // From the bottom to the top of the wheel is 40 c: 1638 bend steps at ±2 semitones.
        let moved = bends.filter { $0 != 0 }
        if let low = moved.min(), let high = moved.max() {
            #expect(abs(high - low - 1638) <= 45, "bends \(bends)")
        } else {
            Issue.record("no bends reached the synth: \(tunable)")
        }
        await session.stop()
    }
}

extension PitchComparisonEvent {
    func isState(_ state: PitchComparisonState) -> Bool {
        if case .stateChanged(let current) = self { current == state } else { false }
    }
}

extension PitchMatchingEvent {
    func isState(_ state: PitchMatchingState) -> Bool {
        if case .stateChanged(let current) = self { current == state } else { false }
    }
}
