import ALSASequencer
import Foundation
import PeachALSA
import PeachCore
import PeachRig

/// Figure 3: how exactly a note lasts what the session asked, measured by a receiving client
/// on a real-time-stamped queue: the adapter's kernel-scheduled note-offs against a bare C
/// client scheduling the same note-offs on the same kind of queue, and against note-offs sent
/// after a `Task.sleep`, all in one run.
struct NoteDurationAccuracy: BenchmarkFigure {
    static let number = 3
    static let title = "Note duration accuracy"
    static let target = "p99 error ≤ 0.1 ms, at least 10× better than sleep-based, and within 1.1× of a C client's"
    static let needsSequencer = true

    /// Notes at once: each lane plays its own MIDI note, one note after another, so arrivals
    /// pair up by note number in the lane's order.
    private static let lanes = 8
    /// Peach's part and the C client's take turns this often, so a host that slows down for a
    /// while (another VM on the same two cores) slows both.
    private static let rounds = 8
    /// SND_SEQ_EVENT_STOP, as the kernel announces a queue's pause on the System Timer port.
    private static let queueStopped = MIDIMessage.other(type: 32)

    private typealias Note = (kernel: Bool, milliseconds: Double)

    func run(_ context: BenchContext) async throws -> FigureResult {
        let notesPerMethod = context.count(2000, quick: 16)
        let rounds = context.count(Self.rounds, quick: 1)
        let cClient = try context.cBaselineClient()
        // As `peach` opens its client (SequencerComposition).
        let output = try SequencerClient(name: "Peach Bench Player", queueTickHz: SequencerClient.fastestTickHz)
        defer { output.close() }
        let sink = try SequencerClient(name: "Peach Bench Synth", stampingEveryInput: true)
        defer { sink.close() }
        let received = StampedEvents(sink)
        try output.connectOutput(to: sink.inputPort)
        // Every pause of a queue is announced on the System Timer port; only Peach's pauses.
        try sink.connectInput(from: SequencerAddress(client: 0, port: 0))
        await sink.inputClockSettled()
        // A channel per lane, as an MPE synth would have: on a single channel each note would
        // steal the one before it.
        let pool = try ChannelPool((1...Self.lanes).map { try MIDIChannel($0) })
        let scheduled = ALSANotePlayer(output: output, configuration: NotePlayerConfiguration(channels: pool))
        try scheduled.prepare()
        let sleeping = SleepTimedPlayer(base: scheduled)

        // Each lane alternates the two methods with random durations, 30…300 ms: the note
        // lengths of 0.3…3 s scaled down by 10. The C client plays each lane's kernel-timed
        // lengths, in the same order.
        let perLane = (2 * notesPerMethod + Self.lanes - 1) / Self.lanes
        var plans: [[Note]] = []
        var random = SystemRandomNumberGenerator()
        for lane in 0..<Self.lanes {
            plans.append((0..<perLane).map { index in
                ((index + lane) % 2 == 0, Double(Int.random(in: 30_000...300_000, using: &random)) / 1000)
            })
        }
        // Each lane's notes in the order they are played: per round, the kernel-timed ones
        // (then the C client plays the same), then the sleep-timed ones, each method in a turn
        // of its own so that neither's load falls on the other's measurement.
        var played: [[Note]] = Array(repeating: [], count: Self.lanes)
        for round in 0..<rounds {
            let part = plans.map { plan in Array(plan[(plan.count * round / rounds)..<(plan.count * (round + 1) / rounds)]) }
            let kernelPart = part.map { $0.filter(\.kernel) }, sleepPart = part.map { $0.filter { !$0.kernel } }
            for lane in 0..<Self.lanes { played[lane] += kernelPart[lane] + sleepPart[lane] }
            context.progress("figure 3, round \(round + 1) of \(rounds): \(kernelPart.map(\.count).reduce(0, +)) kernel-timed "
                             + "notes through ALSANotePlayer in \(Self.lanes) lanes…")
            // Once every lane's task returned, its note-offs have left (the player waits for the
            // queue); the C client takes a good while to start anyway.
            try await Self.play(kernelPart, scheduled: scheduled, sleeping: sleeping)
            context.progress("figure 3, round \(round + 1) of \(rounds): the same kernel-timed notes through peach-bench-c…")
            let planFile = context.scratch.appendingPathComponent("c-plan-\(round).txt")
            let lines = kernelPart.enumerated().flatMap { lane, notes in
                notes.map { "\(lane) \(Int(($0.milliseconds * 1000).rounded()))" }
            }
            try lines.joined(separator: "\n").appending("\n").write(to: planFile, atomically: true, encoding: .utf8)
            let c = try PeachProcess(context, [sink.inputPort.description, String(SequencerClient.fastestTickHz), planFile.path],
                                     executable: cClient, folder: "c-\(round)")
            try await c.succeeded(within: .seconds(600))
            context.progress("figure 3, round \(round + 1) of \(rounds): sleep-timed notes…")
            try await Self.play(sleepPart, scheduled: scheduled, sleeping: sleeping)
        }
        // Give the last scheduled events time to arrive before reading what did.
        try await Task.sleep(for: .milliseconds(200))
        let events = await received.takeAll()
        let pauses = events.filter { $0.midiMessage == Self.queueStopped }.count
        let fromPeach = events.filter { $0.source == output.outputPort }
        let fromC = events.filter { $0.source.client != output.clientID && $0.source.client != 0 }

        var kernelErrors: [Double] = [], sleepErrors: [Double] = [], cErrors: [Double] = [], early = 0, earliest = 0.0
        var kernelSigned: [Double] = [], cSigned: [Double] = []
        for (lane, plan) in played.enumerated() {
            let note = UInt8(48 + lane)
            let spans = try Self.spans(of: note, in: fromPeach, expected: plan.count, who: "ALSANotePlayer, lane \(lane)")
            for (note, span) in zip(plan, spans) {
                let error = span - note.milliseconds
                if note.kernel {
                    kernelErrors.append(abs(error))
                    kernelSigned.append(error)
                    if error < 0 { early += 1 }
                    earliest = min(earliest, error)
                } else {
                    sleepErrors.append(abs(error))
                }
            }
            let cPlan = plan.filter(\.kernel)
            let cSpans = try Self.spans(of: note, in: fromC, expected: cPlan.count, who: "peach-bench-c, lane \(lane)")
            cSigned += zip(cPlan, cSpans).map { $1 - $0.milliseconds }
        }
        cErrors = cSigned.map(abs)
        // Long and short apart: a note comes out short when its note-on waited on the queue
        // behind the previous note-off (the player's guard against cutting) and left at a late tick.
        let longer = { (signed: [Double]) in Summary(signed.filter { $0 >= 0 }).p99 }
        let shorter = { (signed: [Double]) in signed.filter { $0 < -0.1 }.count }
        let measured = FigureResult.Series("kernel-scheduled note-off (ALSANotePlayer)", unit: "ms", values: kernelErrors)
        let cBaseline = FigureResult.Series("kernel-scheduled note-off (C client, libasound only)", role: .baseline,
                                            unit: "ms", values: cErrors)
        let sleepBaseline = FigureResult.Series("note-off after Task.sleep", role: .baseline, unit: "ms", values: sleepErrors)
        let againstSleep = sleepBaseline.summary.p99 / measured.summary.p99
        let againstC = measured.summary.p99 / cBaseline.summary.p99
        return result(
            series: [measured, cBaseline, sleepBaseline],
            verdict: context.verdict(measured.summary.p99 <= 0.1 && againstSleep >= 10 && againstC <= 1.1,
                                     "p99 \(MarkdownReport.number(measured.summary.p99)) ms, "
                                     + "\(MarkdownReport.number(againstC))× the C client's "
                                     + "(\(MarkdownReport.number(cBaseline.summary.p99)) ms), "
                                     + "\(MarkdownReport.number(againstSleep))× better than sleeping"),
            findings: [
                "\(kernelErrors.count) + \(sleepErrors.count) notes of random length 30–300 ms in \(Self.lanes) concurrent "
                    + "lanes through one ALSANotePlayer, each method in turns of its own; error = |note-off stamp − note-on stamp − "
                    + "requested length|, stamped on arrival by a second client's real-time queue.",
                "C client: peach-bench-c (Benchmarks/Sources/PeachBenchC) plays each lane's kernel-timed lengths again, \(cErrors.count) "
                    + "notes: note-on direct, note-off scheduled at the queue's time + length − half a tick on a real-time "
                    + "queue ticking at \(SequencerClient.fastestTickHz) Hz that runs throughout, the next note-on when an "
                    + "echo behind the note-off arrives. Peach's kernel-timed part, the C client's and the "
                    + "sleep-timed part took turns, \(rounds) each, stamped by the same sink.",
                "Peach's output queue was paused \(pauses) times (once its last pending note-off had left) and continued "
                    + "before the next note-off; the C client's queue never pauses.",
                "Kernel-scheduled notes shorter than asked: \(early) of \(kernelErrors.count), by at most "
                    + "\(MarkdownReport.number(-earliest)) ms: the player asks for the note-off half a tick (0.08 ms) early, "
                    + "since the kernel sends it at its first tick at or after that time.",
                "Short by more than 0.1 ms (a note-on that left late, at a tick): ALSANotePlayer \(shorter(kernelSigned)), "
                    + "C client \(shorter(cSigned)) of \(cSigned.count). The p99 of the notes that lasted at least their length: "
                    + "ALSANotePlayer \(MarkdownReport.number(longer(kernelSigned))) ms, "
                    + "C client \(MarkdownReport.number(longer(cSigned))) ms.",
            ])
    }

    /// Every lane's notes, the lanes at once, each note through the player its plan names.
    private static func play(_ plans: [[Note]], scheduled: any NotePlayer, sleeping: any NotePlayer) async throws {
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
    }

    /// Note-on → note-off spans of `note`, in ms, in the order they arrived; exactly `expected`.
    private static func spans(of note: UInt8, in events: [SequencerEvent], expected: Int, who: String) throws -> [Double] {
        let spans = try spans(of: note, in: events)
        guard spans.count == expected else {
            let arrived = events.filter { [.on(note: note), .off(note: note)].contains(NoteEdge($0.midiMessage)) }
                .map { "\($0.midiMessage!) at \($0.timestampNanoseconds ?? 0)" }
            throw BenchFailure("\(who) played \(expected) notes but \(spans.count) note-on/off pairs arrived:\n"
                               + arrived.joined(separator: "\n"))
        }
        return spans
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
