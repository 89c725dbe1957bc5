import ALSASequencer
import Foundation

/// Figure 4: a key pressed while the comparison's target sounds, to the first event `peach
/// train` sends because of it (the target's note-off), both stamped on arrival at the bench's
/// synth; against an echo client that answers each key with a note-off and nothing else.
struct AnswerReaction: BenchmarkFigure {
    static let number = 4
    static let title = "Answer reaction"
    static let target = "p99 < 1 ms from a controller note-on to the engine's resulting note-off"
    static let needsSequencer = true

    func run(_ context: BenchContext) async throws -> FigureResult {
        let trials = context.count(200, quick: 4)
        let rig = try MeasuringRig(tag: "4")
        await rig.settled()
        let peach = try TrainingRun.start(context, mode: "comparison", rig: rig, trials: trials, folder: "answers")
        context.progress("figure 4: \(trials) comparisons answered while the target sounds…")
        var latencies: [Double] = [], late = 0
        var random = SystemRandomNumberGenerator()
        try await peach.explaining { for _ in 0..<trials {
            _ = try await rig.received.nextNoteOn(from: rig, timeout: TrainingRun.firstNoteTimeout)
            _ = try await rig.received.nextNoteOff(from: rig)
            let target = try await rig.received.nextNoteOn(from: rig)
            guard case .noteOn(let channel, let note, _)? = target.midiMessage else { continue }
            // Some time into the 300 ms target, as a listener answers.
            try await Task.sleep(for: .milliseconds(Int.random(in: 20...150, using: &random)))
            // "Higher" or "lower", either answers; an octave away, since a key on the trial's
            // nominal target note answers nothing, and the sounding note may be one off it.
            let key = note < 64 ? note + 12 : note - 12
            let (press, reaction) = try await pressAndReaction(rig, key: key)
            if case .noteOff(channel, note, _)? = reaction.midiMessage {
                latencies.append(try Self.milliseconds(from: press, to: reaction))
            } else {
                late += 1  // the target had ended before the press arrived: nothing to stop
            }
        } }
        try await peach.succeeded()
        _ = await rig.received.takeAll()

        // The baseline: the same presses, answered by the echo client.
        let echo = try EchoClient(listeningTo: rig.controller.outputPort) { message in
            guard case .noteOn(let channel, let note, let velocity) = message, velocity > 0 else { return nil }
            return .noteOff(channel: channel, note: note, velocity: 0)
        }
        try rig.synth.connectInput(from: echo.client.outputPort)
        var echoes: [Double] = []
        for index in 0..<trials {
            try await Task.sleep(for: .milliseconds(Int.random(in: 5...20, using: &random)))
            let (press, reaction) = try await pressAndReaction(rig, key: UInt8(40 + index % 40))
            echoes.append(try Self.milliseconds(from: press, to: reaction))
        }

        let measured = FigureResult.Series("peach train: key → target's note-off", unit: "ms", values: latencies)
        let baseline = FigureResult.Series("echo client: key → note-off", role: .baseline, unit: "ms", values: echoes)
        return result(
            series: [measured, baseline],
            verdict: context.verdict(measured.summary.p99 < 1, "p99 \(MarkdownReport.number(measured.summary.p99)) ms"),
            findings: [
                "\(trials) comparison trials of `peach train` (300 ms notes, feedback cue off), each answered 20–150 ms into "
                    + "the target by a key press from the bench's controller client; both the press (through a tap on the "
                    + "controller's port) and Peach's note-off are stamped on arrival by the bench's synth client, on one queue.",
                "Presses that found the target already ended (no note-off to send, excluded): \(late).",
                "The echo client is a Swift client on the same ALSASequencer layer (reader thread, AsyncStream, direct send) "
                    + "that answers each key with a note-off: the floor below Peach's own cost.",
            ])
    }

    /// Presses `key`, waits for the tap's copy of the press and the next event not from the
    /// controller, then releases the key.
    private func pressAndReaction(_ rig: MeasuringRig, key: UInt8) async throws -> (SequencerEvent, SequencerEvent) {
        try rig.controller.send(.noteOn(channel: 0, note: key, velocity: 100))
        let press = try await rig.received.next("the key press") { event in
            rig.isFromController(event) && event.midiMessage == .noteOn(channel: 0, note: key, velocity: 100)
        }
        let reaction = try await rig.received.next("a reaction to the key press") { !rig.isFromController($0) }
        try rig.controller.send(.noteOff(channel: 0, note: key, velocity: 0))
        return (press, reaction)
    }

    static func milliseconds(from cause: SequencerEvent, to effect: SequencerEvent) throws -> Double {
        Double(Int64(try effect.stamp()) - Int64(try cause.stamp())) / 1e6
    }
}
