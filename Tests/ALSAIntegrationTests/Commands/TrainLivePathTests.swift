import ALSASequencer
import Foundation
import PeachTestSupport
import Testing

/// Real hands on `peach train`, in the VM: controls move at any moment, and no trial may get
/// stuck. The keyboard is snd-virmidi fed by amidi, or, for the many scripted users, a client
/// of the test's own connected as Peach's controller.
@Suite("peach train with real hands", .serialized, .timeLimit(.minutes(Patience.minutes(8))),
       .enabled(if: KernelSequencer.isPresent, KernelSequencer.skipReason))
struct TrainLivePathTests {
    /// Users per mode; PEACH_TEST_USERS overrides it for a quick look.
    static let users = ProcessInfo.processInfo.environment["PEACH_TEST_USERS"].flatMap(Int.init) ?? 100

    @Test("matching: the mod wheel moved during the reference, then more moves and a commit: recorded with the right error")
    func wheelDuringTheReference() async throws {
        let synth = try SequencerClient(name: "Test Synth")
        defer { synth.close() }
        let received = EventCollector(synth.events())
        // Two-second notes: amidi starting under emulation lands inside the reference.
        let run = try TrainRun(["matching", "--trials", "1", "--from", "16:0", "--to", "\(synth.inputPort)"],
                               environment: ["PEACH_NOTE_DURATION": "2"])
        defer { run.remove() }
        let watchdog = run.stuckAfter(.seconds(60))
        defer { watchdog.cancel() }
        var events: [TrainEvent] = []
        for await line in run.process.lines {
            guard let event = TrainEvent(line) else { continue }
            events.append(event)
            if event.event == "state", event.state == "playingReference" {
                try await ALSATools.amidi(send: "B0 01 20 B0 01 40")
            }
            if event.event == "state", event.state == "playingTunable" {
                try await ALSATools.amidi(send: "B0 01 50 B0 01 60 B0 40 7F B0 40 00")
            }
        }
        let outcome = try await run.process.finished(within: .seconds(30))
        #expect(outcome.status == 0, "\(outcome)")
        let initial = try #require(events.first { $0.event == "trialStarted" }?.number("initialCentOffset"))
        let completed = try #require(events.first { $0.event == "trialCompleted" }, "the trial got stuck: \(events)")
        // The wheel's last position, 0x60 of 127, is +0.512 of the ±20-cent span.
        let expected = initial + (Double(0x60) / 127 * 2 - 1) * 20
        // The record keeps what sounds: the reference and the tuned note each land on the wheel's
        // 0.024-c steps, so the error is within two half-steps of the position asked.
        #expect(abs((completed.number("userCentError") ?? .nan) - expected) < 0.025, "\(completed)")
        #expect(events.statesByTrial[1]?.prefix(4) == ["playingReference", "awaitingTouch", "playingTunable", "showingFeedback"])
        #expect(try await run.exportedRows().count == 1)
        #expect(SoundingNotes.stillSounding(await received.events).isEmpty)
    }

    @Test("matching: a commit with no movement at all records the trial at the initial offset")
    func commitWithoutMovement() async throws {
        let synth = try SequencerClient(name: "Test Synth")
        defer { synth.close() }
        let run = try TrainRun(["matching", "--trials", "1", "--from", "16:0", "--to", "\(synth.inputPort)"])
        defer { run.remove() }
        let watchdog = run.stuckAfter(.seconds(60))
        defer { watchdog.cancel() }
        var events: [TrainEvent] = []
        for await line in run.process.lines {
            guard let event = TrainEvent(line) else { continue }
            events.append(event)
            if event.event == "state", event.state == "awaitingTouch" {
                try await ALSATools.amidi(send: "B0 40 7F B0 40 00")
            }
        }
        let outcome = try await run.process.finished(within: .seconds(30))
        #expect(outcome.status == 0, "\(outcome)")
        let initial = try #require(events.first { $0.event == "trialStarted" }?.number("initialCentOffset"))
        let completed = try #require(events.first { $0.event == "trialCompleted" }, "the commit was ignored: \(events)")
        #expect(abs((completed.number("userCentError") ?? .nan) - initial) < 0.025, "\(completed): within the wheel's steps")
        #expect(try await run.exportedRows().count == 1)
    }

    @Test("200 scripted users press keys and move controls at random moments: no trial gets stuck, each completed trial is recorded once, nothing sounds after the end")
    func randomUsers() async throws {
        // Two runs of each mode at once, half the users each: the same users in half the time, and
        // four trainers beside each other on the guest's two vCPUs, as on a busy rig.
        let half = Self.users / 2
        async let comparison1 = ScriptedUsers.train(mode: "comparison", users: half, seed: 11, lane: 1)
        async let comparison2 = ScriptedUsers.train(mode: "comparison", users: Self.users - half, seed: 13, lane: 2)
        async let matching1 = ScriptedUsers.train(mode: "matching", users: half, seed: 12, lane: 1)
        async let matching2 = ScriptedUsers.train(mode: "matching", users: Self.users - half, seed: 14, lane: 2)
        for (result, users) in try await [(comparison1, half), (comparison2, Self.users - half),
                                          (matching1, half), (matching2, Self.users - half)] {
            let run = "\(result.mode) \(result.lane)"
            #expect(result.outcome.status == 0, "\(run): \(result.outcome)")
            #expect(result.completed == users, "\(run): \(result.completed) trials completed; last: \(result.tail)")
            #expect(result.stored == result.completed, "\(run): \(result.stored) stored of \(result.completed)")
            #expect(result.longestTrial < .seconds(20), "\(run): a trial took \(result.longestTrial)")
            #expect(result.stillSounding.isEmpty, "\(run): still sounding \(result.stillSounding)")
        }
    }
}

/// Users who do everything at once: for every trial a few random actions (keys anywhere,
/// the mod wheel, the sustain pedal, the pitch wheel) at random moments, during the reference,
/// the target, the feedback or between trials; and once the trial waits for them, the answer
/// that ends it (a key above every target, or the sustain pedal).
enum ScriptedUsers {
    struct Result: Sendable {
        let mode: String
        let lane: Int
        let outcome: PeachExecutable.Outcome
        let completed: Int
        let stored: Int
        let longestTrial: Duration
        let stillSounding: [(channel: UInt8, note: UInt8)]
        /// The run's last JSON lines, to see where it stood.
        let tail: [String]
    }

    static func train(mode: String, users: Int, seed: UInt64, lane: Int) async throws -> Result {
        let synth = try SequencerClient(name: "Test Synth \(mode) \(lane)")
        defer { synth.close() }
        let keyboard = try SequencerClient(name: "Test Keyboard \(mode) \(lane)")
        defer { keyboard.close() }
        let received = EventCollector(synth.events())
        let run = try TrainRun([mode, "--trials", "\(users)", "--from", "\(keyboard.outputPort)", "--to", "\(synth.inputPort)"],
                               environment: ["PEACH_NOTE_DURATION": "0.3", "PEACH_FEEDBACK_CHANNEL": "off"])
        defer { run.remove() }
        let watchdog = run.stuckAfter(.seconds(400))
        defer { watchdog.cancel() }
        var random = SplitMix64(seed: seed)
        var user: Task<Void, Never>?
        var started: [Int: ContinuousClock.Instant] = [:]
        var longest = Duration.zero
        var completed = 0
        var tail: [String] = []
        for await line in run.process.lines {
            tail = Array((tail + [line]).suffix(12))
            guard let event = TrainEvent(line), let trial = event.trial else { continue }
            switch event.event {
            case "trialStarted":
                started[trial] = .now
                let script = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                    (delay: Int.random(in: 0...350, using: &random), action: Action.random(using: &random))
                }
                user = Task {
                    for step in script {
                        try? await Task.sleep(for: .milliseconds(step.delay))
                        step.action.send(from: keyboard)
                    }
                }
            case "state" where event.state == "awaitingAnswer" || event.state == "awaitingTouch"
                || event.state == "playingTunable":
                // The answer that ends the trial, whatever happened before: a user whose
                // earlier presses were ignored (during the reference) answers again.
                (mode == "matching" ? Action.pedal : Action.key(127)).send(from: keyboard)
            case "trialCompleted":
                completed += 1
                if let start = started[trial] { longest = max(longest, .now - start) }
            default:
                break
            }
        }
        user?.cancel()
        let outcome = try await run.process.finished(within: .seconds(30))
        let stored = try await run.exportedRows().count
        _ = await received.waitUntil(timeout: .seconds(2)) { events in
            events.contains { if case .controlChange(_, 123, _)? = $0.midiMessage { true } else { false } }
        }
        return Result(mode: mode, lane: lane, outcome: outcome, completed: completed, stored: stored, longestTrial: longest,
                      stillSounding: SoundingNotes.stillSounding(await received.events), tail: tail)
    }

    enum Action: Sendable {
        case key(UInt8)
        case wheel(UInt8)
        case pedal
        case bend(Int16)

        static func random(using random: inout SplitMix64) -> Action {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: .key(UInt8.random(in: 0...127, using: &random))
            case 1: .wheel(UInt8.random(in: 0...127, using: &random))
            case 2: .pedal
            default: .bend(Int16.random(in: -8192...8191, using: &random))
            }
        }

        func send(from keyboard: SequencerClient) {
            let messages: [MIDIMessage] = switch self {
            case .key(let note): [.noteOn(channel: 0, note: note, velocity: 90), .noteOff(channel: 0, note: note, velocity: 0)]
            case .wheel(let value): [.controlChange(channel: 0, controller: 1, value: value)]
            case .pedal: [.controlChange(channel: 0, controller: 64, value: 127), .controlChange(channel: 0, controller: 64, value: 0)]
            case .bend(let value): [.pitchBend(channel: 0, value: value)]
            }
            for message in messages { try? keyboard.send(message) }
        }
    }
}

extension TrainRun {
    /// Ends a run that got stuck with SIGTERM after `limit`, so its test fails on what it
    /// recorded instead of hanging until the suite's time limit.
    func stuckAfter(_ limit: Duration) -> Task<Void, Never> {
        let process = self.process
        return Task {
            guard (try? await Task.sleep(for: limit)) != nil else { return }
            process.send(signal: SIGTERM)
        }
    }
}
