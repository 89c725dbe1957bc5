import ALSASequencer
import Foundation

/// Figure 5: a pitch-matching knob turned 1000 times a second (kernel-timed on the controller's
/// queue) to the pitch bends `peach train matching` sends for it: latency of each, and whether
/// every move gave exactly one bend, in order; against an echo client turning CCs into bends.
struct ControlToPitch: BenchmarkFigure {
    static let number = 5
    static let title = "Control to pitch"
    static let target = "p99 < 1 ms from a CC move to its pitch bend at 1000 moves/s, within 1.2× of an echo client's median and p99, none lost or reordered"
    static let needsSequencer = true

    /// Moves scheduled ahead at a time: the kernel's output pool holds some hundreds of events, and each scheduled event brings its pacing echo (SequencerClient).
    private static let batch = 100
    /// Peach and the echo take turns, round by round: the echo's own tail moves by 3× between
    /// runs under emulation, so one run of each cannot judge a 1.2× ratio at the p99.
    private static let rounds = 6

    func run(_ context: BenchContext) async throws -> FigureResult {
        let rounds = context.count(Self.rounds, quick: 1)
        let moves = context.count(3000, quick: 200) / rounds
        let rig = try MeasuringRig(tag: "5")
        await rig.settled()
        var peachRounds: [Pairing] = [], echoRounds: [Pairing] = [], processRounds: [Pairing] = []
        var touches: [Double] = []
        var peachReader: [Double] = [], apartReader: [Double] = []
        for round in 0..<rounds {
            context.progress("figure 5, round \(round + 1) of \(rounds): \(moves) mod-wheel moves at 1000/s to peach train matching…")
            let (pairing, touch, reader) = try await peachRound(context, rig: rig, moves: moves, round: round)
            peachRounds.append(pairing)
            touches.append(touch)
            if let reader { peachReader.append(reader) }
            context.progress("figure 5, round \(round + 1) of \(rounds): the same moves to the echo client…")
            echoRounds.append(try await echoRound(rig, moves: moves))
            context.progress("figure 5, round \(round + 1) of \(rounds): the same moves to the echo in a process of its own…")
            let (apartPairing, apartCPU) = try await processRound(context, rig: rig, moves: moves, round: round)
            processRounds.append(apartPairing)
            if let apartCPU { apartReader.append(apartCPU) }
        }
        let apart = Pairing(summing: processRounds)
        let apartP99s = processRounds.map { Summary($0.latencies).p99 }

        let (peach, echo) = (Pairing(summing: peachRounds), Pairing(summing: echoRounds))
        let measured = FigureResult.Series("peach train matching: CC → bend", unit: "ms", values: peach.latencies)
        let baseline = FigureResult.Series("echo client: CC → bend, in turns with Peach", role: .baseline, unit: "ms",
                                           values: echo.latencies)
        let peachP99s = peachRounds.map { Summary($0.latencies).p99 }
        let echoP99s = echoRounds.map { Summary($0.latencies).p99 }
        let intact = peach.lost == 0 && peach.reordered == 0
        let atMedian = measured.summary.median / baseline.summary.median
        let atP99 = Summary(peachP99s).median / Summary(echoP99s).median
        let rows = zip(peachP99s, echoP99s).enumerated().map { index, pair in
            "round \(index + 1): \(MarkdownReport.number(pair.0)) / \(MarkdownReport.number(pair.1)) ms"
        }
        let processBaseline = FigureResult.Series("echo client in a process of its own: CC → bend, in turns with Peach",
                                                  role: .baseline, unit: "ms", values: apart.latencies)
        return result(
            series: [measured, baseline, processBaseline],
            verdict: context.verdict(measured.summary.p99 < 1 && atMedian <= 1.2 && atP99 <= 1.2 && intact,
                                     "p99 \(MarkdownReport.number(measured.summary.p99)) ms; "
                                     + "\(MarkdownReport.number(atMedian))× the echo's median, "
                                     + "\(MarkdownReport.number(atP99))× its p99 (median of \(rounds) rounds' p99s); "
                                     + "\(peach.moves) moves, \(peach.bends) bends, \(peach.reordered) out of order"),
            findings: [
                "\(rounds) rounds; in each, one pitch-matching trial of a new `peach train matching --trials 1` (mod wheel, "
                    + "CC 1, 7-bit), then an echo client answering the same controller: \(moves) moves sweeping 1…127…0 one "
                    + "step at a time, scheduled on the controller's queue 1 ms apart, so the kernel paces them.",
                "Peach's sweep starts 300 ms after the touch (one move to 0) that started its tunable note, so it measures "
                    + "moves while the note sounds, as the echo's do. The touch's own reaction, its bend and the note-on, "
                    + "is not in the series: touch → note-on per round "
                    + touches.map { MarkdownReport.number($0) + " ms" }.joined(separator: ", ") + ".",
                "Peach: \(peach.moves) moves → \(peach.bends) bends, \(peach.reordered) steps against the move's "
                    + "direction. Echo: \(echo.moves) → \(echo.bends), \(echo.reordered).",
                "p99 per round, Peach / echo: " + rows.joined(separator: "; ") + ". The p99 ratio judged is the median of "
                    + "Peach's round p99s over the median of the echo's; the median ratio is over all moves.",
                "Third in each round, the same echo in a process of its own (`peach-bench echo`, started for the round as "
                    + "Peach is): it pays what Peach pays for being another process than the measuring bench (its own "
                    + "address space, a switch between processes at each reaction). Its median "
                    + "\(MarkdownReport.number(processBaseline.summary.median)) ms; Peach at "
                    + "\(MarkdownReport.number(measured.summary.median / processBaseline.summary.median))× its median and "
                    + "\(MarkdownReport.number(Summary(peachP99s).median / Summary(apartP99s).median))× its p99 (median of the "
                    + "rounds' p99s); \(apart.moves) moves → \(apart.bends) bends.",
                "The reader thread's CPU time per move during the sweep (its /proc schedstat, guest time: reading, the "
                    + "reaction and whatever follows it on that thread), median of the rounds: Peach "
                    + Self.microseconds(peachReader) + ", the echo in a process of its own " + Self.microseconds(apartReader) + ".",
                "Latency: each move's stamp (a tap on the controller's port) to its bend's, both on the bench synth's queue.",
                "Both answer on their reader thread, the moment the move is read, that thread asking for SCHED_FIFO 50 "
                    + "(Peach's midi.realtimePriority default; the echo the same): they differ only in what happens "
                    + "between reading and sending.",
            ])
    }

    /// One trial of a new `peach train matching`: its reference note, the touch that starts the
    /// tunable note, the sweep, the sustain pedal's commit. Returns the sweep's pairs and the
    /// touch's latency to its note-on, in ms.
    private func peachRound(_ context: BenchContext, rig: MeasuringRig, moves: Int,
                            round: Int) async throws -> (Pairing, touch: Double, readerMicroseconds: Double?) {
        let peach = try TrainingRun.start(context, mode: "matching", rig: rig, trials: 1, folder: "matching-\(round)")
        let touch = try await peach.explaining {
            _ = try await rig.received.nextNoteOn(from: rig, timeout: TrainingRun.firstNoteTimeout)
            _ = try await rig.received.nextNoteOff(from: rig)
            try await Task.sleep(for: .milliseconds(300))  // the session now waits for the knob
            try rig.controller.send(.controlChange(channel: 0, controller: 1, value: Self.value(0)))
            let moved = try await rig.received.next("the touch's tap") { event in
                guard rig.isFromController(event), case .controlChange(_, 1, _)? = event.midiMessage else { return false }
                return true
            }
            let sounding = try await rig.received.nextNoteOn(from: rig)
            return try AnswerReaction.milliseconds(from: moved, to: sounding)
        }
        try await Task.sleep(for: .milliseconds(300))  // what the note's start set going has settled
        _ = await rig.received.takeAll()
        let readerBefore = peach.readerNanoseconds()
        try await sweep(rig, moves: moves)
        let reader = Self.perMove(readerBefore, peach.readerNanoseconds(), moves: moves)
        try rig.controller.send(.controlChange(channel: 0, controller: 64, value: 127))  // sustain commits
        try await peach.succeeded()
        // Released, so that the next round's Peach meets a press, not a pedal already down.
        try rig.controller.send(.controlChange(channel: 0, controller: 64, value: 0))
        return (try Self.pairs(in: await rig.received.takeAll(), rig: rig), touch, reader)
    }

    /// The same sweep to an echo client turning each CC into a bend; the client goes with the round.
    private func echoRound(_ rig: MeasuringRig, moves: Int) async throws -> Pairing {
        let echo = try EchoClient(listeningTo: rig.controller.outputPort, reply: EchoClient.reaction)
        try rig.synth.connectInput(from: echo.client.outputPort)
        let pairing = try await echoSweep(rig, moves: moves)
        withExtendedLifetime(echo) {}
        return pairing
    }

    /// The same sweep to the echo in a process of its own, started for the round.
    private func processRound(_ context: BenchContext, rig: MeasuringRig, moves: Int,
                              round: Int) async throws -> (Pairing, readerMicroseconds: Double?) {
        let echo = try await EchoProcess(context, listeningTo: rig.controller.outputPort, folder: "echo-\(round)")
        // Not a bystander: the next round's peach may get its client number.
        try rig.synth.connectInput(from: echo.outputPort)
        let readerBefore = echo.process.readerNanoseconds()
        let pairing = try await echoSweep(rig, moves: moves)
        let reader = Self.perMove(readerBefore, echo.process.readerNanoseconds(), moves: moves)
        try await echo.stop()
        return (pairing, reader)
    }

    /// The sweep to an echo that is listening and heard by the synth, and its pairs.
    private func echoSweep(_ rig: MeasuringRig, moves: Int) async throws -> Pairing {
        try await Task.sleep(for: .milliseconds(100))
        try await sweep(rig, moves: moves)
        try await Task.sleep(for: .milliseconds(200))
        return try Self.pairs(in: await rig.received.takeAll(), rig: rig)
    }

    /// Schedules `moves` CC 1 values, one per millisecond, a batch at a time, from the sweep's
    /// second value on (the first is Peach's touch).
    private func sweep(_ rig: MeasuringRig, moves: Int) async throws {
        let start = try rig.controller.currentTime().advanced(by: .milliseconds(20))
        for first in stride(from: 1, through: moves, by: Self.batch) {
            // Keep at most two batches waiting in the kernel.
            let due = start.advanced(by: .milliseconds(first - Self.batch))
            let now = try rig.controller.currentTime()
            if now < due { try await Task.sleep(for: .nanoseconds(Int64(due.nanoseconds - now.nanoseconds))) }
            for index in first..<min(first + Self.batch, moves + 1) {
                try rig.controller.schedule(.controlChange(channel: 0, controller: 1, value: Self.value(index)),
                                            at: start.advanced(by: .milliseconds(index)), tag: 1)
            }
        }
        let end = start.advanced(by: .milliseconds(moves + 50))
        let now = try rig.controller.currentTime()
        if now < end { try await Task.sleep(for: .nanoseconds(Int64(end.nanoseconds - now.nanoseconds))) }
    }

    /// A reader thread's CPU time per move, in µs, from two readings; nil without both.
    private static func perMove(_ before: UInt64?, _ after: UInt64?, moves: Int) -> Double? {
        guard let before, let after, after >= before, moves > 0 else { return nil }
        return Double(after - before) / 1000 / Double(moves)
    }

    /// The median of per-round µs, or a dash without any.
    private static func microseconds(_ values: [Double]) -> String {
        values.isEmpty ? "–" : MarkdownReport.number(Summary(values).median) + " µs"
    }

    /// 0, 1, …, 127, 126, …, 1, 0, 1, …: every move changes the value by one.
    private static func value(_ index: Int) -> UInt8 {
        let phase = index % 254
        return UInt8(phase <= 127 ? phase : 254 - phase)
    }

    fileprivate struct Pairing {
        var latencies: [Double] = []
        var moves = 0
        var bends = 0
        var lost: Int { moves - bends }
        var reordered = 0
    }

    /// Pairs the i-th move with the i-th bend and counts bends going against their move; for
    /// Peach, the bends that count are those while its tunable note sounds (the sweep starts
    /// with it sounding, and the commit's note-off ends it).
    private static func pairs(in events: [SequencerEvent], rig: MeasuringRig) throws -> Pairing {
        var moves: [SequencerEvent] = [], bends: [SequencerEvent] = []
        var sounding = true
        for event in events {
            switch event.midiMessage {
            case .controlChange(_, 1, _)? where rig.isFromController(event):
                moves.append(event)
            case .noteOff? where !rig.isFromController(event):
                sounding = false
            case .pitchBend? where sounding && !rig.isFromController(event):
                bends.append(event)
            default:
                break
            }
        }
        var pairing = Pairing(moves: moves.count, bends: bends.count)
        for (move, bend) in zip(moves, bends) {
            pairing.latencies.append(try AnswerReaction.milliseconds(from: move, to: bend))
        }
        let values = moves.compactMap { if case .controlChange(_, _, let value)? = $0.midiMessage { Int(value) } else { nil } }
        let bendValues = bends.compactMap { if case .pitchBend(_, let value)? = $0.midiMessage { Int(value) } else { nil } }
        for index in 1..<min(values.count, bendValues.count) {
            let moved = (values[index] - values[index - 1]).signum()
            let bent = (bendValues[index] - bendValues[index - 1]).signum()
            if moved != bent { pairing.reordered += 1 }
        }
        return pairing
    }
}

extension ControlToPitch.Pairing {
    /// The rounds' counts and latencies together.
    init(summing rounds: [Self]) {
        self.init(latencies: rounds.flatMap(\.latencies), moves: rounds.map(\.moves).reduce(0, +),
                  bends: rounds.map(\.bends).reduce(0, +), reordered: rounds.map(\.reordered).reduce(0, +))
    }
}
