import Foundation

/// Figure 7: from starting `peach train` to its first note-on reaching the synth, beside
/// `aplaymidi` (a C program) playing a one-note MIDI file to the same port.
struct StartUp: BenchmarkFigure {
    static let number = 7
    static let title = "Start-up"
    static let target = "< 150 ms from process start to the first note-on"
    static let needsSequencer = true

    func run(_ given: BenchContext) async throws -> FigureResult {
        let runs = given.count(20, quick: 2)
        // A rig has its executable on a local disk, in the page cache after the first start; in
        // the VM the checkout is a 9p share that has every page of a start read through the
        // emulator (`peach --help` took 4.3 s from the share, 1.6 s from the guest's RAM), while
        // aplaymidi comes from the guest's root, cached. So peach is copied once into the scratch
        // folder (the guest's RAM) and every start below is timed from there.
        let copy = given.scratch.appendingPathComponent("peach")
        try FileManager.default.copyItem(at: given.peach, to: copy)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy.path)
        let context = BenchContext(quick: given.quick, peach: copy, scratch: given.scratch,
                                   benchExecutable: given.benchExecutable)
        let rig = try MeasuringRig(tag: "7")
        await rig.settled()
        context.progress("figure 7: \(runs) starts of peach train and of aplaymidi…")
        var peachTimes: [Double] = [], againTimes: [Double] = [], baselineTimes: [Double] = [], loadingTimes: [Double] = []
        var steps = StartSteps(), againSteps = StartSteps()
        let song = context.scratch.appendingPathComponent("one-note.mid")
        try Self.oneNoteFile.write(to: song)
        for run in 0..<runs {
            peachTimes.append(try await Self.timedStart(context, rig: rig, folder: "start-\(run)", steps: &steps))
            // The everyday start: the same folder again, its settings and store as the first start left them.
            againTimes.append(try await Self.timedStart(context, rig: rig, folder: "start-\(run)", steps: &againSteps))

            let player = try PeachProcess(context, ["-p", rig.synth.inputPort.description, song.path],
                                          executable: URL(fileURLWithPath: "/usr/bin/aplaymidi"),
                                          folder: "aplaymidi-\(run)", launchClock: rig.now)
            let note = try await rig.received.nextNoteOn(from: rig)
            baselineTimes.append(Double(Int64(try note.stamp()) - Int64(player.launchedAt ?? 0)) / 1e6)
            try await player.succeeded()
            _ = await rig.received.takeAll()

            // How much of it is only starting a Swift program: `peach --help` from spawn to exit.
            let help = try PeachProcess(context, ["--help"], folder: "help-\(run)", launchClock: Self.monotonicNow)
            try await help.succeeded()
            loadingTimes.append(Double(Self.monotonicNow() - (help.launchedAt ?? 0)) / 1e6)
        }
        let measured = FigureResult.Series("peach train: start → first note-on", unit: "ms", values: peachTimes)
        let everyday = FigureResult.Series("peach train again, its store and settings made: start → first note-on",
                                           unit: "ms", values: againTimes)
        let baseline = FigureResult.Series("aplaymidi: start → note-on", role: .baseline, unit: "ms", values: baselineTimes)
        let loading = FigureResult.Series("peach --help: start → exit", role: .baseline, unit: "ms", values: loadingTimes)
        return result(
            series: [measured, everyday, baseline, loading],
            verdict: context.verdict(measured.summary.p99 < 150, "p99 \(MarkdownReport.number(measured.summary.p99)) ms"),
            findings: [
                "\(runs) starts each, alternating; from the bench synth's queue time read just before the process is spawned "
                    + "to the stamp of the first note-on on the same queue. Each peach run has fresh settings and an empty "
                    + "record store in folders of its own; it is stopped with SIGTERM after its first note.",
                "peach is copied once into the run's scratch folder before the first start and started from there, as a "
                    + "rig starts it from a local disk: in the VM the checkout is a 9p share through which every page of a "
                    + "start was read again (`peach --help` 4.3 s from the share, 1.6 s from the guest's RAM, in one run), "
                    + "while aplaymidi comes from the guest's cached root.",
                "`peach --help` does nothing but start and print: it is what loading the executable and the Swift "
                    + "runtime and Foundation costs on this machine, before any of Peach's own work.",
                "peach's start-up includes reading the settings, opening the store, opening its sequencer client, connecting "
                    + "both ports and setting up the synth (bank, program, bend range) before the first note.",
                "peach's own timeline (its debug log: ms since the kernel started the process, median of the runs; "
                    + "the process start is in clock ticks of 10 ms): " + steps.summary + ".",
                "Each run starts peach a second time in the same folders, right after the first: the everyday start, its "
                    + "store already made (empty: the first start stopped before any trial) and its settings as the first "
                    + "left them. Its timeline: " + againSteps.summary + ". Ratios to aplaymidi's median: first start "
                    + MarkdownReport.number(measured.summary.median / baseline.summary.median) + "×, everyday start "
                    + MarkdownReport.number(everyday.summary.median / baseline.summary.median) + "×, `peach --help` "
                    + MarkdownReport.number(loading.summary.median / baseline.summary.median) + "×.",
            ])
    }

    /// Starts `peach train` in `folder` (at debug level it logs its start's timeline, a handful of
    /// lines to stderr, added to `steps`), stops it after its first note-on; returns the ms from
    /// the start to that note-on.
    private static func timedStart(_ context: BenchContext, rig: MeasuringRig, folder: String,
                                   steps: inout StartSteps) async throws -> Double {
        let peach = try TrainingRun.start(context, mode: "comparison", rig: rig, settings: ["PEACH_LOG_LEVEL": "debug"],
                                          folder: folder, launchClock: rig.now)
        let first = try await peach.explaining { try await rig.received.nextNoteOn(from: rig, timeout: TrainingRun.firstNoteTimeout) }
        let milliseconds = Double(Int64(try first.stamp()) - Int64(peach.launchedAt ?? 0)) / 1e6
        peach.signal()
        try await peach.succeeded()
        _ = await rig.received.takeAll()
        steps.add(log: (try? String(contentsOf: peach.folder.appendingPathComponent("stderr.txt"), encoding: .utf8)) ?? "")
        return milliseconds
    }

    /// The steps of `peach train`'s start as its debug log marks them ("start +N ms: STEP"), per run.
    private struct StartSteps {
        private var order: [String] = []
        private var times: [String: [Double]] = [:]

        mutating func add(log: String) {
            for line in log.split(separator: "\n") {
                guard let mark = line.range(of: "start +"), let unit = line.range(of: " ms: ", range: mark.upperBound..<line.endIndex),
                      let milliseconds = Double(line[mark.upperBound..<unit.lowerBound]) else { continue }
                let step = String(line[unit.upperBound...])
                if times[step] == nil { order.append(step) }
                times[step, default: []].append(milliseconds)
            }
        }

        var summary: String {
            guard !order.isEmpty else { return "not logged" }
            return order.map { step in "\(step) +\(MarkdownReport.number(Summary(times[step] ?? []).median)) ms" }
                .joined(separator: ", ")
        }
    }

    /// CLOCK_MONOTONIC in nanoseconds (no sequencer needed for a process that only prints).
    static func monotonicNow() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// Format 0, 96 ticks per quarter: C4 on, a quarter later off, end of track.
    static let oneNoteFile = Data([
        0x4D, 0x54, 0x68, 0x64, 0, 0, 0, 6, 0, 0, 0, 1, 0, 96,
        0x4D, 0x54, 0x72, 0x6B, 0, 0, 0, 12,
        0x00, 0x90, 60, 100,
        0x60, 0x80, 60, 0,
        0x00, 0xFF, 0x2F, 0x00,
    ])
}
