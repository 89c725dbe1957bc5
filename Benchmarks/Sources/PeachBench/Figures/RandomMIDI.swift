import ALSASequencer
import Foundation
import Glibc
import PeachStore
import Synchronization

/// Figure 12: 10⁶ random bytes typed into the controller's MIDI cable (snd-virmidi, as a USB
/// interface's driver would pass them on) while `peach train` waits for answers: it must not
/// crash, must take none of it as an answer, must keep its memory flat, and must still answer
/// the real button afterwards.
struct RandomMIDI: BenchmarkFigure {
    static let number = 12
    static let title = "Random MIDI bytes"
    static let target = "10⁶ random bytes from the controller's port into `peach train`: no crash, 0 answers the stream did "
        + "not contain, resident memory at the end within 2 MB of the start, and every real answer afterwards recorded"
    static let needsSequencer = true

    /// snd-virmidi's first device (hw:0,0), which the sequencer shows as client 16:0.
    static let cable = "/dev/snd/midiC0D0"
    static let cablePort = "16:0"
    /// Trials answered cleanly before the garbage (the baseline), and after it.
    static let cleanTrials = 3

    func run(_ context: BenchContext) async throws -> FigureResult {
        let bursts = context.count(10, quick: 2)
        let burstBytes = context.count(100_000, quick: 20_000)
        let trials = Self.cleanTrials + bursts + 1
        let rig = try MeasuringRig(tag: "12")
        await rig.settled()
        // What the kernel decoded from the bytes, as Peach is sent it: the bench's own tap on the port.
        let decoded = Mutex(0)
        let tap = try SequencerClient(name: "Peach Bench Tap 12", inputPool: SequencerClient.largestInputPool) { event in
            if event.midiMessage != nil { decoded.withLock { $0 += 1 } }
        }
        defer { tap.close() }
        try tap.connectInput(from: try tap.resolvePort(Self.cablePort, for: .source).address)
        guard let cable = FileHandle(forWritingAtPath: Self.cable) else { throw BenchFailure("cannot open \(Self.cable) for writing") }
        defer { try? cable.close() }

        let output = Pipe()
        let peach = try PeachProcess(context, ["train", "comparison", "--json", "--trials", String(trials),
                                               "--to", rig.synth.inputPort.description, "--from", Self.cablePort],
                                     settings: ["PEACH_NOTE_DURATION": "0.3", "PEACH_FEEDBACK_CHANNEL": "off",
                                                "PEACH_CONTROLLER_COMPARISON_MODE": "explicit",
                                                "PEACH_CONTROLLER_COMPARISON_HIGHER": "cc:81",
                                                "PEACH_CONTROLLER_COMPARISON_LOWER": "cc:80",
                                                // Garbage holds the sustain pedal (CC 64) for
                                                // seconds too, as a foot would: no command here,
                                                // as no answer, so only a decoding fault counts.
                                                "PEACH_CONTROLLER_COMMANDS_HOLD_START_STOP": "none"],
                                     folder: "random-midi", standardOutput: output)
        let log = OutputLog(reading: output)
        context.progress("figure 12: \(bursts) bursts of \(burstBytes) random bytes into \(Self.cablePort)…")
        var random = SeededRandom(seed: 12)
        var garbage = GarbageBytes(seed: 0x6A7B_A6E)
        var clean: [Double] = [], afterFlood: [Double] = [], memory: [Double] = [], resends = 0
        var startMemory = 0.0, sent = 0
        let outcome: Void? = try await peach.explaining {
            for trial in 1...trials {
                try await log.awaitingAnswer(trial, timeout: trial == 1 ? TrainingRun.firstNoteTimeout : .seconds(120))
                let isBurst = trial > Self.cleanTrials && trial <= Self.cleanTrials + bursts
                if trial == Self.cleanTrials + 1 { startMemory = try peach.residentMegabytes() }
                if isBurst {
                    log.mark("garbage \(trial)")
                    sent += try await Self.type(garbage.next(burstBytes), into: cable)
                    // Let Peach read what the kernel still holds for it before the real answer.
                    try await Task.sleep(for: .seconds(1))
                }
                // Then the real button, which must be recorded (resent if the kernel dropped it
                // from a full queue: counted).
                let controller: UInt8 = random.next() % 2 == 0 ? 81 : 80
                var elapsed: Double?
                for attempt in 0..<3 where elapsed == nil {
                    if attempt > 0 { resends += 1 }
                    log.mark("answer \(trial)")
                    let start = ContinuousClock.now
                    try cable.write(contentsOf: GarbageBytes.press(controller: controller))
                    do {
                        try await log.wait(for: "trial \(trial) recorded", timeout: .seconds(30)) { !$0.lines("trialCompleted", trial: trial).isEmpty }
                        elapsed = Double((ContinuousClock.now - start) / .microseconds(1)) / 1000
                    } catch where attempt < 2 {}
                }
                if isBurst { afterFlood.append(elapsed ?? .nan) } else if trial <= Self.cleanTrials { clean.append(elapsed ?? .nan) }
                if isBurst { memory.append(try peach.residentMegabytes() - startMemory) }
            }
            return ()
        }
        _ = outcome
        let status = try await peach.exitStatus(within: .seconds(60))
        let crashed = peach.process.terminationReason == .uncaughtSignal || status != 0
        try await Task.sleep(for: .milliseconds(200))
        let sounding = SignalFaults.stillSounding(await rig.received.takeAll().filter(rig.isFromPeach))

        // Spurious: a trial recorded with no real answer outstanding, in the order things happened.
        var outstanding = 0, spurious = 0, completed = 0
        for entry in log.all {
            switch entry {
            case .mark(let text) where text.hasPrefix("answer"): outstanding = 1   // a resend replaces, never adds
            case .line(let fields) where fields["event"] == "trialCompleted":
                completed += 1
                if outstanding > 0 { outstanding -= 1 } else { spurious += 1 }
            default: break
            }
        }
        let storeLocation = StoreLocation(directory: peach.folder.appendingPathComponent("data/peach"))
        let stored = try StoreInspection.inspect(storeLocation).map(\.total) ?? 0
        let growth = memory.last ?? 0
        let holds = !crashed && spurious == 0 && completed == trials && stored == trials && growth <= 2 && sounding == 0
            && sent >= 1_000_000
        let events = decoded.withLock { $0 }
        var detail = "\(sent) bytes (\(events) events as the kernel decoded them): \(crashed ? "crashed (\(status))" : "exit 0"), "
        detail += "\(spurious) spurious answers, \(completed) of \(trials) real answers recorded (\(stored) stored), "
        detail += "RSS \(MarkdownReport.number(growth)) MB over the start"
        return result(series: [
            FigureResult.Series("RSS after each burst, over its start (\(MarkdownReport.number(startMemory)) MB)", unit: "MB", values: memory),
            FigureResult.Series("real answer → trial recorded, after a burst", unit: "ms", values: afterFlood),
            FigureResult.Series("real answer → trial recorded, no garbage", role: .baseline, unit: "ms", values: clean),
        ], verdict: context.verdict(holds, detail), findings: [
            "`peach train comparison --json --from 16:0` with explicit answer buttons (CC 81 higher, CC 80 lower). The bench "
                + "writes the bytes to snd-virmidi's rawmidi device (\(Self.cable)), whose kernel parser turns them into "
                + "sequencer events from 16:0, as a USB MIDI interface's driver does: \(bursts) bursts of \(burstBytes) bytes, "
                + "each while a trial waits for its answer, in writes of 1000 bytes at most 30 kB/s.",
            "The garbage is uniformly random bytes (seeded) except that the data bytes 80 and 81 become 82: no message in it "
                + "can be CC 80 or 81, so no answer can come from it, whatever the parser makes of running status, cut-off "
                + "messages and SysEx. Everything else is there: notes, every other CC, program changes, pitch bends, "
                + "SysEx, system common and real-time bytes, data without status.",
            "After each burst, a second's pause, then one real press (status byte, CC, 127, and its release), which must "
                + "record the trial. Spurious: a trialCompleted line with no real press outstanding, in the order of "
                + "Peach's output and the bench's presses. \(resends) presses were resent after 30 s without a record "
                + "(dropped by the kernel from a full queue).",
            "Decoded: \(events) events reached the bench's own tap on 16:0 (it reads as Peach does; a receiver that falls "
                + "behind has events dropped by the kernel once its 2000-event pool is full).",
            "Memory: VmRSS before the first burst and after each. Notes left sounding at the synth after the run: \(sounding).",
        ])
    }

    /// Writes `bytes` in chunks of 1000, about 30 kB/s; returns how many were written.
    static func type(_ bytes: [UInt8], into cable: FileHandle) async throws -> Int {
        var written = 0
        while written < bytes.count {
            let chunk = bytes[written..<min(bytes.count, written + 1000)]
            try cable.write(contentsOf: chunk)
            written += chunk.count
            try await Task.sleep(for: .milliseconds(33))
        }
        return written
    }
}
