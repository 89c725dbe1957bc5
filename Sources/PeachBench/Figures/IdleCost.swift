import Foundation

/// Figure 6: the CPU time `peach train` spends while it waits for an answer, second by second,
/// beside `aseqdump` (a C client blocked on the same kind of port) over the same seconds.
struct IdleCost: BenchmarkFigure {
    static let number = 6
    static let title = "Idle cost"
    static let target = "< 0.1 % of a core over 30 s of `peach train` waiting for an answer"
    static let needsSequencer = true

    func run(_ context: BenchContext) async throws -> FigureResult {
        let seconds = context.count(30, quick: 3)
        // The machine's timer interrupts before Peach runs, against those while it waits below:
        // its queue's tick is kernel work that no process's CPU time shows.
        let quiet = try await Self.timerInterruptsPerSecond(over: .seconds(context.count(5, quick: 1)))
        let rig = try MeasuringRig(tag: "6")
        let dump = try PeachProcess(context, ["-p", rig.controller.outputPort.description],
                                    executable: URL(fileURLWithPath: "/usr/bin/aseqdump"), folder: "aseqdump")
        defer { dump.signal() }
        let peach = try TrainingRun.start(context, mode: "comparison", rig: rig, folder: "idle")
        try await peach.explaining {
            for _ in 0..<2 {  // the reference, then the target: afterwards Peach waits for the answer
                _ = try await rig.received.nextNoteOn(from: rig, timeout: TrainingRun.firstNoteTimeout)
                _ = try await rig.received.nextNoteOff(from: rig)
            }
        }
        try await Task.sleep(for: .seconds(1))
        context.progress("figure 6: \(seconds) s of waiting for an answer…")
        var peachPerSecond: [Double] = [], dumpPerSecond: [Double] = []
        var lastPeach = try peach.cpuNanoseconds(), lastDump = try dump.cpuNanoseconds()
        let firstPeach = lastPeach, firstDump = lastDump
        let interruptsBefore = try Self.timerInterrupts()
        var last = ContinuousClock.now
        let start = last
        for _ in 0..<seconds {
            try await Task.sleep(until: last + .seconds(1))
            let now = ContinuousClock.now
            let wall = Self.nanoseconds(now - last)
            let peachNow = try peach.cpuNanoseconds(), dumpNow = try dump.cpuNanoseconds()
            peachPerSecond.append(Double(peachNow - lastPeach) / wall * 100)
            dumpPerSecond.append(Double(dumpNow - lastDump) / wall * 100)
            (lastPeach, lastDump, last) = (peachNow, dumpNow, now)
        }
        let window = Self.nanoseconds(last - start)
        let waiting = Double(try Self.timerInterrupts() - interruptsBefore) / (window / 1e9)
        let peachTotal = Double(lastPeach - firstPeach) / window * 100
        let dumpTotal = Double(lastDump - firstDump) / window * 100
        let events = await rig.received.takeAll().filter { !rig.isFromController($0) }
        peach.signal()
        try await peach.succeeded()

        let measured = FigureResult.Series("peach train, waiting for an answer", unit: "% of a core", values: peachPerSecond)
        let baseline = FigureResult.Series("aseqdump, waiting for events", role: .baseline, unit: "% of a core", values: dumpPerSecond)
        return result(
            series: [measured, baseline],
            verdict: context.verdict(peachTotal < 0.1, "\(Self.percent(peachTotal)) of a core over \(seconds) s"),
            findings: [
                "CPU time of every thread from /proc/PID/task/*/schedstat (nanoseconds), sampled each second for \(seconds) s, "
                    + "starting 1 s after the comparison's target ended; the samples are per-second shares.",
                "Over the whole window: peach \(Self.percent(peachTotal)), aseqdump \(Self.percent(dumpTotal)) of a core. "
                    + "Peach sent \(events.count) MIDI events meanwhile.",
                "Not in any process's CPU time: the kernel's ticks of Peach's queue (6250 a second). Local timer "
                    + "interrupts of the whole machine: \(Int(quiet.rounded()))/s before Peach started, "
                    + "\(Int(waiting.rounded()))/s while it waited.",
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

    private static func timerInterruptsPerSecond(over duration: Duration) async throws -> Double {
        let before = try timerInterrupts()
        let start = ContinuousClock.now
        try await Task.sleep(for: duration)
        return Double(try timerInterrupts() - before) / (nanoseconds(ContinuousClock.now - start) / 1e9)
    }

    private static func nanoseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }

    private static func percent(_ value: Double) -> String {
        String(format: "%.4f %%", value)
    }
}
