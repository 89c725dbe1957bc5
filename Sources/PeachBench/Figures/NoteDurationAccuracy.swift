import ALSASequencer
import Foundation
import PeachALSA
import PeachCore

/// Figure 3: how exactly a note lasts what the session asked, measured by a receiving client
/// on a real-time-stamped queue: the adapter's kernel-scheduled note-offs against note-offs
/// sent after a `Task.sleep`, interleaved in one run.
struct NoteDurationAccuracy: BenchmarkFigure {
    static let number = 3
    static let title = "Note duration accuracy"
    static let target = "p99 error ≤ 0.1 ms, at least 10× better than sleep-based"
    static let needsSequencer = true

    /// Notes at once: each lane plays its own MIDI note, one note after another, so arrivals
    /// pair up by note number in the lane's order.
    private static let lanes = 8

    func run(_ context: BenchContext) async throws -> FigureResult {
        let notesPerMethod = context.count(1000, quick: 16)
        // As `peach` opens its client (SequencerComposition).
        let output = try SequencerClient(name: "Peach Bench Player", queueTickHz: SequencerClient.fastestTickHz)
        defer { output.close() }
        let sink = try SequencerClient(name: "Peach Bench Synth", stampingEveryInput: true)
        defer { sink.close() }
        let received = StampedEvents(sink)
        try output.connectOutput(to: sink.inputPort)
        // A channel per lane, as an MPE synth would have: on a single channel each note would
        // steal the one before it.
        let pool = try ChannelPool((1...Self.lanes).map { try MIDIChannel($0) })
        let scheduled = ALSANotePlayer(output: output, configuration: NotePlayerConfiguration(channels: pool))
        try scheduled.prepare()
        let sleeping = SleepTimedPlayer(base: scheduled)

        // Each lane alternates the two methods with random durations, 30…300 ms: the note
        // lengths of 0.3…3 s scaled down by 10.
        let perLane = (2 * notesPerMethod + Self.lanes - 1) / Self.lanes
        var plans: [[(kernel: Bool, milliseconds: Double)]] = []
        var random = SystemRandomNumberGenerator()
        for lane in 0..<Self.lanes {
            plans.append((0..<perLane).map { index in
                ((index + lane) % 2 == 0, Double(Int.random(in: 30_000...300_000, using: &random)) / 1000)
            })
        }
        context.progress("figure 3: \(Self.lanes * perLane) notes in \(Self.lanes) lanes…")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (lane, plan) in plans.enumerated() {
                group.addTask {
                    let frequency = try Frequency(hertz: 440 * pow(2, Double(48 + lane - 69) / 12))
                    for note in plan {
                        let player: any NotePlayer = note.kernel ? scheduled : sleeping
                        try await player.play(frequency: frequency, duration: .microseconds(Int64(note.milliseconds * 1000)),
                                              velocity: try MIDIVelocity(64), amplitude: .zero)
                    }
                }
            }
            try await group.waitForAll()
        }
        // Give the last scheduled events time to arrive before reading what did.
        try await Task.sleep(for: .milliseconds(200))
        let events = await received.takeAll()

        var kernelErrors: [Double] = [], sleepErrors: [Double] = [], early = 0, earliest = 0.0
        for (lane, plan) in plans.enumerated() {
            let spans = try Self.spans(of: UInt8(48 + lane), in: events)
            guard spans.count == plan.count else {
                let note = UInt8(48 + lane)
                let arrived = events.filter { [.on(note: note), .off(note: note)].contains(NoteEdge($0.midiMessage)) }
                    .map { "\($0.midiMessage!) at \($0.timestampNanoseconds ?? 0)" }
                throw BenchFailure("lane \(lane) played \(plan.count) notes but \(spans.count) note-on/off pairs arrived:\n"
                                   + arrived.joined(separator: "\n"))
            }
            for (note, span) in zip(plan, spans) {
                let error = span - note.milliseconds
                if note.kernel {
                    kernelErrors.append(abs(error))
                    if error < 0 { early += 1 }
                    earliest = min(earliest, error)
                } else {
                    sleepErrors.append(abs(error))
                }
            }
        }
        let measured = FigureResult.Series("kernel-scheduled note-off (ALSANotePlayer)", unit: "ms", values: kernelErrors)
        let baseline = FigureResult.Series("note-off after Task.sleep", role: .baseline, unit: "ms", values: sleepErrors)
        let ratio = baseline.summary.p99 / measured.summary.p99
        return result(
            series: [measured, baseline],
            verdict: context.verdict(measured.summary.p99 <= 0.1 && ratio >= 10,
                                     "p99 \(MarkdownReport.number(measured.summary.p99)) ms, "
                                     + "\(MarkdownReport.number(ratio))× better than sleeping"),
            findings: [
                "\(kernelErrors.count) + \(sleepErrors.count) notes of random length 30–300 ms, the two methods interleaved in "
                    + "\(Self.lanes) concurrent lanes through one ALSANotePlayer; error = |note-off stamp − note-on stamp − "
                    + "requested length|, stamped on arrival by a second client's real-time queue.",
                "Kernel-scheduled notes shorter than asked: \(early) of \(kernelErrors.count), by at most "
                    + "\(MarkdownReport.number(-earliest)) ms: the player asks for the note-off half a tick (0.08 ms) early, "
                    + "since the kernel sends it at its first tick at or after that time.",
            ])
    }

    /// Note-on → note-off spans of `note`, in ms, in the order they arrived.
    private static func spans(of note: UInt8, in events: [SequencerEvent]) throws -> [Double] {
        var spans: [Double] = []
        var started: UInt64?
        for event in events {
            switch NoteEdge(event.midiMessage) {
            case .on(note)?:
                started = try event.stamp()
            case .off(note)?:
                guard let on = started else { continue }
                spans.append(Double(Int64(try event.stamp()) - Int64(on)) / 1e6)
                started = nil
            default:
                break
            }
        }
        return spans
    }
}
