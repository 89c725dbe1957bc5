import Foundation

/// Figure 6: the CPU time `peach train` spends while it waits for an answer, second by second,
/// beside `aseqdump` (a C client blocked on the same kind of port) over the same seconds; and
/// the machine's timer interrupts meanwhile beside those before Peach started, for the kernel's
/// work that no process's CPU time shows (a queue's ticks).
struct IdleCost: BenchmarkFigure {
    static let number = 6
    static let title = "Idle cost"
    static let target = "< 0.1 % of a core over 30 s of `peach train` waiting for an answer, "
        + "and the machine's timer interrupts meanwhile within 2× of the idle machine's"
    static let needsSequencer = true

    func run(_ context: BenchContext) async throws -> FigureResult {
        let seconds = context.count(30, quick: 3)
        let quietSeconds = context.count(10, quick: 2)
        // The bare machine, then with the bench's clients and aseqdump running: the idle machine
        // the interrupts while Peach waits are judged against, everything there but Peach.
        let bare = try await Self.timerInterruptsPerSecond(seconds: context.count(5, quick: 1))
        let rig = try MeasuringRig(tag: "6")
        let dump = try PeachProcess(context, ["-p", rig.controller.outputPort.description],
                                    executable: URL(fileURLWithPath: "/usr/bin/aseqdump"), folder: "aseqdump")
        defer { dump.signal() }
        await rig.settled()
        context.progress("figure 6: \(quietSeconds) s of the machine before Peach starts…")
        let quiet = try await Self.timerInterruptsPerSecond(seconds: quietSeconds)
        let peach = try TrainingRun.start(context, mode: "comparison", rig: rig, folder: "idle")
        try await peach.explaining {
            for _ in 0..<2 {  // the reference, then the target: afterwards Peach waits for the answer
                _ = try await rig.received.nextNoteOn(from: rig, timeout: TrainingRun.firstNoteTimeout)
                _ = try await rig.received.nextNoteOff(from: rig)
            }
        }
        try await Task.sleep(for: .seconds(1))
        context.progress("figure 6: \(seconds) s of waiting for an answer…")
        var peachPerSecond: [Double] = [], dumpPerSecond: [Double] = [], interruptsPerSecond: [Double] = []
        var lastPeach = try peach.cpuNanoseconds(), lastDump = try dump.cpuNanoseconds()
        var lastInterrupts = try Self.timerInterrupts()
        let firstPeach = lastPeach, firstDump = lastDump, firstInterrupts = lastInterrupts
        let queuesBefore = try PeachQueues.read()
        var last = ContinuousClock.now
        let start = last
        for _ in 0..<seconds {
            try await Task.sleep(until: last + .seconds(1))
            let now = ContinuousClock.now
            let wall = Self.nanoseconds(now - last)
            let peachNow = try peach.cpuNanoseconds(), dumpNow = try dump.cpuNanoseconds()
            let interruptsNow = try Self.timerInterrupts()
            peachPerSecond.append(Double(peachNow - lastPeach) / wall * 100)
            dumpPerSecond.append(Double(dumpNow - lastDump) / wall * 100)
            interruptsPerSecond.append(Double(interruptsNow - lastInterrupts) / (wall / 1e9))
            (lastPeach, lastDump, lastInterrupts, last) = (peachNow, dumpNow, interruptsNow, now)
        }
        let window = Self.nanoseconds(last - start)
        let queuesAfter = try PeachQueues.read()
        let waiting = Double(lastInterrupts - firstInterrupts) / (window / 1e9)
        let quietMean = quiet.reduce(0, +) / Double(quiet.count)
        let bareMean = bare.reduce(0, +) / Double(bare.count)
        let peachTotal = Double(lastPeach - firstPeach) / window * 100
        let dumpTotal = Double(lastDump - firstDump) / window * 100
        let events = await rig.received.takeAll().filter { !rig.isFromController($0) }
        peach.signal()
        try await peach.succeeded()

        let ratio = waiting / quietMean
        let measured = FigureResult.Series("peach train, waiting for an answer", unit: "% of a core", values: peachPerSecond)
        let baseline = FigureResult.Series("aseqdump, waiting for events", role: .baseline, unit: "% of a core", values: dumpPerSecond)
        let interrupts = FigureResult.Series("machine's timer interrupts while peach waits", unit: "/s", values: interruptsPerSecond)
        let idle = FigureResult.Series("machine's timer interrupts before peach started", role: .baseline, unit: "/s", values: quiet)
        return result(
            series: [measured, baseline, interrupts, idle],
            verdict: context.verdict(peachTotal < 0.1 && ratio <= 2,
                                     "\(Self.percent(peachTotal)) of a core over \(seconds) s; timer interrupts "
                                     + "\(Int(waiting.rounded()))/s against \(Int(quietMean.rounded()))/s before Peach started "
                                     + "(\(MarkdownReport.number(ratio))×)"),
            findings: [
                "CPU time of every thread from /proc/PID/task/*/schedstat (nanoseconds), sampled each second for \(seconds) s, "
                    + "starting 1 s after the comparison's target ended; the samples are per-second shares.",
                "Over the whole window: peach \(Self.percent(peachTotal)), aseqdump \(Self.percent(dumpTotal)) of a core. "
                    + "Peach sent \(events.count) MIDI events meanwhile.",
                "Local timer interrupts of the whole machine (LOC in /proc/interrupts, all CPUs), per second: "
                    + "\(Int(bareMean.rounded())) on the bare machine, \(Int(quietMean.rounded())) with the bench's synth and "
                    + "controller clients (one 10 Hz stamping queue) and aseqdump running, before Peach started; "
                    + "\(Int(waiting.rounded())) while Peach waited. Not in any process's CPU time: the ticks of a queue.",
                "Peach's queues (/proc/asound/seq/queues) at the start and the end of the window: \(queuesBefore); "
                    + "\(queuesAfter).",
            ])
    }

    /// The local timer interrupts of every CPU so far ("LOC" in /proc/interrupts).
    private static func timerInterrupts() throws -> Int {
        let text = try String(contentsOfFile: "/proc/interrupts", encoding: .utf8)
        guard let line = text.split(separator: "\n").first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("LOC:") }) else {
            throw BenchFailure("/proc/interrupts has no LOC line")
        }
        return line.split(separator: " ").dropFirst().compactMap { Int($0) }.reduce(0, +)
    }

    /// One sample per second.
    private static func timerInterruptsPerSecond(seconds: Int) async throws -> [Double] {
        var samples: [Double] = []
        var (last, lastCount) = (ContinuousClock.now, try timerInterrupts())
        for _ in 0..<seconds {
            try await Task.sleep(until: last + .seconds(1))
            let (now, count) = (ContinuousClock.now, try timerInterrupts())
            samples.append(Double(count - lastCount) / (nanoseconds(now - last) / 1e9))
            (last, lastCount) = (now, count)
        }
        return samples
    }

    private static func nanoseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }

    private static func percent(_ value: Double) -> String {
        String(format: "%.4f %%", value)
    }
}

/// The state of `peach`'s two queues as the kernel reports them ("Peach output: Stopped, …").
enum PeachQueues {
    static func read() throws -> String {
        let text = try String(contentsOfFile: "/proc/asound/seq/queues", encoding: .utf8)
        let described = text.components(separatedBy: "\n\n").compactMap { block -> String? in
            let lines = block.split(separator: "\n").map(String.init)
            guard let first = lines.first, let open = first.firstIndex(of: "["), let close = first.lastIndex(of: "]") else { return nil }
            let name = String(first[first.index(after: open)..<close])
            guard name == "Peach output" || name == "Peach input" else { return nil }
            let value = { (key: String) in
                lines.first { $0.hasPrefix(key) }?.split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "?"
            }
            return "\(name) \(value("timer state")) (\(value("queued time events")) events queued)"
        }
        return described.isEmpty ? "none found" : described.joined(separator: ", ")
    }
}
