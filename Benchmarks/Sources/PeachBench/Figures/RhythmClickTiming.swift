import ALSASequencer
import Foundation
import PeachALSA
import PeachCore

/// Figure 15: how exactly rhythm training's clicks keep time. Trials of four clicks (sixteenths
/// at random tempos, the fourth early or late as offset detection plays them) through
/// ALSARhythmPlayer, and the same trials through a bare C client scheduling them on the same
/// kind of queue, in turns; a sink stamps every click on arrival, and the error is how far each
/// inter-onset interval is from the one asked for.
struct RhythmClickTiming: BenchmarkFigure {
    static let number = 15
    static let title = "Rhythm click timing"
    static let target = "the inter-onset error of 1000 scheduled clicks: p99 within 1.1× of a bare C client's on the same kind of queue"
    static let needsSequencer = true

    private static let rounds = 5
    private static let clicksPerTrial = 4
    private static let clickNote = UInt8(ClickSound.generalMIDIClaves.note.rawValue)

    func run(_ context: BenchContext) async throws -> FigureResult {
        let trials = context.count(250, quick: 4)
        let rounds = context.count(Self.rounds, quick: 1)
        let cClient = try context.cBaselineClient()
        // As `peach` opens its client (SequencerComposition).
        let output = try SequencerClient(name: "Peach Bench Rhythm", queueTickHz: SequencerClient.fastestTickHz)
        defer { output.close() }
        let sink = try SequencerClient(name: "Peach Bench Drum Synth", stampingEveryInput: true,
                                       inputPool: SequencerClient.largestInputPool)
        defer { sink.close() }
        let received = StampedEvents(sink)
        try output.connectOutput(to: sink.inputPort)
        await sink.inputClockSettled()
        let player = try ALSARhythmPlayer(output: output)
        defer { try? player.close() }

        var random = SystemRandomNumberGenerator()
        let plans: [[Int]] = (0..<trials).map { _ in Self.trial(using: &random) }
        for round in 0..<rounds {
            let part = Array(plans[(trials * round / rounds)..<(trials * (round + 1) / rounds)])
            context.progress("figure 15, round \(round + 1) of \(rounds): \(part.count) trials through ALSARhythmPlayer…")
            for plan in part {
                let pattern = try ClickPattern(offsets: plan.map { .microseconds($0) }, velocity: MIDIVelocity(100))
                let schedule = try player.schedule(pattern)
                // As a session waits: for the last click, then its note-off.
                try await player.sleep(until: schedule.last.advanced(by: .milliseconds(40)))
            }
            context.progress("figure 15, round \(round + 1) of \(rounds): the same trials through peach-bench-c…")
            let planFile = context.scratch.appendingPathComponent("clicks-\(round).txt")
            try part.map { $0.map(String.init).joined(separator: " ") }.joined(separator: "\n").appending("\n")
                .write(to: planFile, atomically: true, encoding: .utf8)
            let c = try PeachProcess(context, ["clicks", sink.inputPort.description, String(SequencerClient.fastestTickHz), planFile.path],
                                     executable: cClient, folder: "clicks-c-\(round)")
            try await c.succeeded(within: .seconds(600))
        }
        try await Task.sleep(for: .milliseconds(200))
        let events = await received.takeAll()
        let fromPeach = events.filter { $0.source == output.outputPort }
        let fromC = events.filter { $0.source.client != output.clientID && $0.source.client != 0 }
        // Each round's trials in the order played: Peach's part of round r, then the C client's.
        let peachErrors = try Self.intervalErrors(fromPeach, plans: plans, who: "ALSARhythmPlayer")
        let cErrors = try Self.intervalErrors(fromC, plans: plans, who: "peach-bench-c")

        let measured = FigureResult.Series("inter-onset error (ALSARhythmPlayer)", unit: "ms", values: peachErrors.map(abs))
        let baseline = FigureResult.Series("inter-onset error (C client, libasound only)", role: .baseline, unit: "ms",
                                           values: cErrors.map(abs))
        let ratio = measured.summary.p99 / baseline.summary.p99
        let mean = { (values: [Double]) in values.reduce(0, +) / Double(max(values.count, 1)) }
        return result(
            series: [measured, baseline],
            verdict: context.verdict(ratio <= 1.1, "p99 \(MarkdownReport.number(measured.summary.p99)) ms, "
                                     + "\(MarkdownReport.number(ratio))× the C client's (\(MarkdownReport.number(baseline.summary.p99)) ms)"),
            findings: [
                "\(trials) trials of \(Self.clicksPerTrial) clicks (\(trials * Self.clicksPerTrial) clicks, "
                    + "\(peachErrors.count) intervals) per method: sixteenths at a random tempo of 60–240 BPM, the fourth moved "
                    + "early or late by up to 30 % of a sixteenth, as offset detection plays them. Error = measured interval "
                    + "between two clicks' arrival stamps − the interval asked for; stamped by a sink on its own real-time queue.",
                "ALSARhythmPlayer writes a trial's note-ons and note-offs (GM drum channel 10, note 75, claves, 30 ms) in one write, "
                    + "100 ms ahead, half a tick early, on Peach's output queue (\(SequencerClient.fastestTickHz) Hz) held running; "
                    + "the next trial after `sleep(until:)` the last click's note-off. peach-bench-c clicks (Benchmarks/Sources/PeachBenchC) "
                    + "does the same in C on a queue of the same tick that runs throughout, the next trial when an echo behind "
                    + "the last note-off arrives. \(rounds) turns each, stamped by the same sink.",
                "Mean signed error: ALSARhythmPlayer \(MarkdownReport.number(mean(peachErrors))) ms, "
                    + "C client \(MarkdownReport.number(mean(cErrors))) ms.",
            ])
    }

    /// Offsets in µs of one trial: sixteenths at 60…240 BPM, the last moved by up to ±30 %.
    private static func trial(using random: inout SystemRandomNumberGenerator) -> [Int] {
        let sixteenth = 15_000_000 / Int.random(in: 60...240, using: &random)
        let shift = Int.random(in: -30...30, using: &random) * sixteenth / 100
        return (0..<clicksPerTrial).map { $0 * sixteenth + ($0 == clicksPerTrial - 1 ? shift : 0) }
    }

    /// Signed errors (ms) of each trial's intervals, the trials in `plans`' order.
    private static func intervalErrors(_ events: [SequencerEvent], plans: [[Int]], who: String) throws -> [Double] {
        let onsets = try events.filter { NoteEdge($0.midiMessage) == .on(note: clickNote) }.map { try $0.stamp() }
        let expected = plans.count * clicksPerTrial
        guard onsets.count == expected else {
            throw BenchFailure("\(who) played \(expected) clicks but \(onsets.count) arrived")
        }
        var errors: [Double] = []
        for (index, plan) in plans.enumerated() {
            let stamps = onsets[(index * clicksPerTrial)..<((index + 1) * clicksPerTrial)]
            for (pair, asked) in zip(zip(stamps, stamps.dropFirst()), zip(plan, plan.dropFirst())) {
                let measured = Double(Int64(pair.1) - Int64(pair.0)) / 1e6
                errors.append(measured - Double(asked.1 - asked.0) / 1e3)
            }
        }
        return errors
    }
}
