import ALSASequencer
import Foundation
import PeachALSA

/// Figure 18: figure 4's method for rhythm. In `peach train rhythm-offset-detection` with the
/// feedback cue on, a key pressed after the fourth click to the first event Peach sends because
/// of it: the cue, which is rhythm's reaction (there is no note to stop) and leaves from the
/// reader thread the moment the session judges the answer. Against the echo client of figure 4,
/// pressed in the same trials.
struct RhythmAnswerReaction: BenchmarkFigure {
    static let number = 18
    static let title = "Rhythm answer reaction"
    static let target = "p99 < 1 ms from a controller note-on to the feedback cue's note-on, and within 1.2× of an echo "
        + "client's median and p99 (figure 4's method)"
    static let needsSequencer = true

    private static let click = ClickSound.generalMIDIClaves
    private static let cueNotes: Set<UInt8> = [76, 77]

    func run(_ context: BenchContext) async throws -> FigureResult {
        let trials = context.count(200, quick: 4)
        let rig = try MeasuringRig(tag: "18")
        let (echoKeys, echo) = try AnswerReaction.echoBaseline(rig)
        defer { echoKeys.close() }
        await rig.settled()
        let peach = try TrainingRun.start(context, mode: "rhythm-offset-detection", rig: rig, trials: trials,
                                          settings: ["PEACH_FEEDBACK_CHANNEL": "10"], folder: "rhythm-answers")
        context.progress("figure 18: \(trials) rhythm offset detection trials answered after the fourth click…")
        var latencies: [Double] = [], echoes: [Double] = []
        var random = SystemRandomNumberGenerator()
        let clickNote = UInt8(Self.click.note.rawValue), clickChannel = Self.click.channel.wireValue
        try await peach.explaining { for trial in 0..<trials {
            for index in 0..<4 {
                _ = try await rig.received.next("click \(index + 1) of trial \(trial + 1)",
                                                timeout: trial == 0 && index == 0 ? TrainingRun.firstNoteTimeout : .seconds(10)) {
                    rig.isFromPeach($0) && $0.midiMessage.map { Self.isNoteOn($0, channel: clickChannel, note: clickNote) } == true
                }
            }
            // As a listener answers after the fourth click: first the echo's turn, then Peach's.
            try await Task.sleep(for: .milliseconds(Int.random(in: 20...60, using: &random)))
            let echoTurn = try await AnswerReaction.press(echoKeys, key: 50, in: rig, answeredBy: echo.client.outputPort)
            echoes.append(try AnswerReaction.milliseconds(from: echoTurn.press, to: echoTurn.reaction))
            try await Task.sleep(for: .milliseconds(Int.random(in: 20...60, using: &random)))
            // Early (below middle C) or late, at random: either is judged and cued.
            let key: UInt8 = Bool.random(using: &random) ? 48 : 72
            try rig.controller.send(.noteOn(channel: 0, note: key, velocity: 100))
            let press = try await rig.received.next("the key press") { event in
                rig.isFromController(event) && event.midiMessage == .noteOn(channel: 0, note: key, velocity: 100)
            }
            let cue = try await rig.received.next("the feedback cue") { event in
                guard rig.isFromPeach(event), case .noteOn(clickChannel, let note, let velocity)? = event.midiMessage else { return false }
                return velocity > 0 && Self.cueNotes.contains(note)
            }
            try rig.controller.send(.noteOff(channel: 0, note: key, velocity: 0))
            latencies.append(try AnswerReaction.milliseconds(from: press, to: cue))
        } }
        try await peach.succeeded()
        _ = await rig.received.takeAll()

        let measured = FigureResult.Series("peach train rhythm-offset-detection: key → feedback cue", unit: "ms", values: latencies)
        let baseline = FigureResult.Series("echo client: key → note-off, in the same trials", role: .baseline, unit: "ms",
                                           values: echoes)
        let atMedian = measured.summary.median / baseline.summary.median
        let atP99 = measured.summary.p99 / baseline.summary.p99
        return result(
            series: [measured, baseline],
            verdict: context.verdict(measured.summary.p99 < 1 && atMedian <= 1.2 && atP99 <= 1.2,
                                     "p99 \(MarkdownReport.number(measured.summary.p99)) ms; "
                                     + "\(MarkdownReport.number(atMedian))× the echo's median, "
                                     + "\(MarkdownReport.number(atP99))× its p99"),
            findings: [
                "\(trials) rhythm offset detection trials of `peach train` (80 BPM, feedback cue on channel 10). In each, "
                    + "20–60 ms after the fourth click reached the bench's synth, a key on a second keyboard that the "
                    + "echo client answers; 20–60 ms later Peach's answer (a key below or above middle C at random). "
                    + "Every press and reaction is stamped on arrival by the bench's synth client, on one queue.",
                "Peach's reaction is the cue's note-on (high or low wood block), sent on the reader thread by the route "
                    + "inside RhythmOffsetDetectionSession.judgedAnswer, before the session's loop is woken to store the record.",
            ])
    }

    private static func isNoteOn(_ message: MIDIMessage, channel: UInt8, note: UInt8) -> Bool {
        guard case .noteOn(channel, note, let velocity) = message else { return false }
        return velocity > 0
    }
}
