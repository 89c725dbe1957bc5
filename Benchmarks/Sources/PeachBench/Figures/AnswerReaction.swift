import ALSASequencer
import Foundation

/// Figure 4: a key pressed while the comparison's target sounds, to the first event `peach
/// train` sends because of it (the target's note-off), both stamped on arrival at the bench's
/// synth; against an echo client that answers each key with a note-off and nothing else.
struct AnswerReaction: BenchmarkFigure {
    static let number = 4
    static let title = "Answer reaction"
    static let target = "p99 < 1 ms from a controller note-on to the engine's resulting note-off, and within 1.2× of an echo client's median and p99"
    static let needsSequencer = true

    func run(_ context: BenchContext) async throws -> FigureResult {
        let trials = context.count(200, quick: 4)
        let rig = try MeasuringRig(tag: "4")
        // The baseline in the same conditions: a second keyboard whose keys the echo client
        // answers, pressed in each trial while Peach's target sounds (so Peach's output queue
        // ticks fast for the target's note-off, as it does when a musician answers), after an
        // idle gap like Peach's own press.
        let (echoKeys, echo) = try Self.echoBaseline(rig)
        defer { echoKeys.close() }
        // The same echo in a process of its own, as `peach` is, on a third keyboard.
        let processKeys = try SequencerClient(name: "Peach Bench Process Echo Keys", stampingQueue: rig.synth.inputQueue)
        defer { processKeys.close() }
        try rig.addBystander(processKeys.outputPort)
        let processEcho = try await EchoProcess(context, listeningTo: processKeys.outputPort, folder: "echo-process")
        try rig.addBystander(processEcho.outputPort)  // lives through the figure: its client number is not reused
        await rig.settled()
        let peach = try TrainingRun.start(context, mode: "comparison", rig: rig, trials: trials, folder: "answers")
        context.progress("figure 4: \(trials) comparisons answered while the target sounds…")
        var latencies: [Double] = [], echoes: [Double] = [], processEchoes: [Double] = [], late = 0
        var random = SystemRandomNumberGenerator()
        try await peach.explaining { for _ in 0..<trials {
            _ = try await rig.received.nextNoteOn(from: rig, timeout: TrainingRun.firstNoteTimeout)
            _ = try await rig.received.nextNoteOff(from: rig)
            let target = try await rig.received.nextNoteOn(from: rig)
            guard case .noteOn(let channel, let note, _)? = target.midiMessage else { continue }
            // Some time into the 300 ms target, as a listener answers: first the echo's turn,
            // then the echo process's, then Peach's, each after a pause.
            try await Task.sleep(for: .milliseconds(Int.random(in: Self.pause, using: &random)))
            let echoTurn = try await Self.press(echoKeys, key: note, in: rig, answeredBy: echo.client.outputPort)
            echoes.append(try Self.milliseconds(from: echoTurn.press, to: echoTurn.reaction))
            try await Task.sleep(for: .milliseconds(Int.random(in: Self.pause, using: &random)))
            let processTurn = try await Self.press(processKeys, key: note, in: rig, answeredBy: processEcho.outputPort)
            processEchoes.append(try Self.milliseconds(from: processTurn.press, to: processTurn.reaction))
            try await Task.sleep(for: .milliseconds(Int.random(in: Self.pause, using: &random)))
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
        try await processEcho.stop()
        _ = await rig.received.takeAll()

        // The echo alone, key after key with nothing else running: how far the conditions of
        // a real answer move the floor.
        var backToBack: [Double] = []
        for index in 0..<trials {
            try await Task.sleep(for: .milliseconds(Int.random(in: 5...20, using: &random)))
            let turn = try await Self.press(echoKeys, key: UInt8(40 + index % 40), in: rig, answeredBy: echo.client.outputPort)
            backToBack.append(try Self.milliseconds(from: turn.press, to: turn.reaction))
        }

        let measured = FigureResult.Series("peach train: key → target's note-off", unit: "ms", values: latencies)
        let baseline = FigureResult.Series("echo client: key → note-off, in the same trials",
                                           role: .baseline, unit: "ms", values: echoes)
        let apart = FigureResult.Series("echo client in a process of its own: key → note-off, in the same trials",
                                        role: .baseline, unit: "ms", values: processEchoes)
        let alone = FigureResult.Series("echo client: key → note-off, back to back, nothing else running",
                                        role: .baseline, unit: "ms", values: backToBack)
        let atMedian = measured.summary.median / baseline.summary.median
        let atP99 = measured.summary.p99 / baseline.summary.p99
        return result(
            series: [measured, baseline, apart, alone],
            verdict: context.verdict(measured.summary.p99 < 1 && atMedian <= 1.2 && atP99 <= 1.2,
                                     "p99 \(MarkdownReport.number(measured.summary.p99)) ms; "
                                     + "\(MarkdownReport.number(atMedian))× the echo's median, "
                                     + "\(MarkdownReport.number(atP99))× its p99"),
            findings: [
                "\(trials) comparison trials of `peach train` (300 ms notes, feedback cue off). In each, while the target "
                    + "sounds: 15–50 ms in, a key on a second keyboard that the echo client answers; 15–50 ms later, a key "
                    + "on a third that the same echo in a process of its own (`peach-bench echo`) answers; 15–50 ms later, "
                    + "Peach's answer. Every press (through a tap on its keyboard's port) and every note-off are stamped "
                    + "on arrival by the bench's synth client, on one queue.",
                "Presses that found the target already ended (no note-off to send, excluded): \(late).",
                "The echo client is a Swift client on the same ALSASequencer layer that answers each key with a note-off "
                    + "as Peach answers: on its reader thread, the moment the event is read (direct send), that thread "
                    + "asking for SCHED_FIFO 50 as Peach's does (midi.realtimePriority; echo: \(echo.client.readerScheduling)): "
                    + "the floor below Peach's own cost. Measured in the same "
                    + "trials it shares their conditions: Peach's output queue ticking for the target's note-off, "
                    + "an idle pause before each press.",
                "The echo in a process of its own pays what `peach` pays for being another process than the measuring "
                    + "bench (its own address space, a switch between processes at each reaction); the in-process echo "
                    + "does not. Its median \(MarkdownReport.number(apart.summary.median)) ms, p99 "
                    + "\(MarkdownReport.number(apart.summary.p99)) ms; Peach at "
                    + "\(MarkdownReport.number(measured.summary.median / apart.summary.median))× its median and "
                    + "\(MarkdownReport.number(measured.summary.p99 / apart.summary.p99))× its p99.",
                "Back to back (a key every 5–20 ms after the run, nothing else running), the echo's median is "
                    + "\(MarkdownReport.number(alone.summary.median)) ms and its p99 "
                    + "\(MarkdownReport.number(alone.summary.p99)) ms.",
            ])
    }

    /// Each pause of a trial before a press, in ms: three fit in the target's 300 ms.
    private static let pause = 15...50

    /// The baseline's keyboard and the echo client that answers each of its keys with a
    /// note-off and nothing else, both heard by the rig's synth. Close the keyboard when done.
    static func echoBaseline(_ rig: MeasuringRig) throws -> (keys: SequencerClient, echo: EchoClient) {
        let echoKeys = try SequencerClient(name: "Peach Bench Echo Keys", stampingQueue: rig.synth.inputQueue)
        do {
            // The synth's tap first: the kernel delivers to subscribers in the order they came, so
            // the press is stamped before the echo client hears it, as with Peach's keyboard.
            try rig.addBystander(echoKeys.outputPort)
            let echo = try EchoClient(listeningTo: echoKeys.outputPort, reply: EchoClient.reaction)
            try rig.addBystander(echo.client.outputPort)
            return (echoKeys, echo)
        } catch {
            echoKeys.close()
            throw error
        }
    }

    /// Presses `key` on `keyboard`, waits for the tap's copy of the press and the reaction from
    /// `responder`, then releases the key.
    static func press(_ keyboard: SequencerClient, key: UInt8, in rig: MeasuringRig,
                       answeredBy responder: SequencerAddress) async throws -> (press: SequencerEvent, reaction: SequencerEvent) {
        try keyboard.send(.noteOn(channel: 0, note: key, velocity: 100))
        let press = try await rig.received.next("the echo's key press") { event in
            event.source == keyboard.outputPort && event.midiMessage == .noteOn(channel: 0, note: key, velocity: 100)
        }
        let reaction = try await rig.received.next("the echo's reaction") { $0.source == responder }
        try keyboard.send(.noteOff(channel: 0, note: key, velocity: 0))
        _ = try await rig.received.next("the echo key's release") { event in
            event.source == keyboard.outputPort && NoteEdge(event.midiMessage) == .off(note: key)
        }
        return (press, reaction)
    }

    /// Presses `key`, waits for the tap's copy of the press and the next event not from the
    /// controller, then releases the key.
    private func pressAndReaction(_ rig: MeasuringRig, key: UInt8) async throws -> (SequencerEvent, SequencerEvent) {
        try rig.controller.send(.noteOn(channel: 0, note: key, velocity: 100))
        let press = try await rig.received.next("the key press") { event in
            rig.isFromController(event) && event.midiMessage == .noteOn(channel: 0, note: key, velocity: 100)
        }
        let reaction = try await rig.received.next("a reaction to the key press") { rig.isFromPeach($0) }
        try rig.controller.send(.noteOff(channel: 0, note: key, velocity: 0))
        return (press, reaction)
    }

    static func milliseconds(from cause: SequencerEvent, to effect: SequencerEvent) throws -> Double {
        Double(Int64(try effect.stamp()) - Int64(try cause.stamp())) / 1e6
    }
}
