import ALSASequencer
import Foundation
import Glibc
import PeachSimulation

/// Figure 10: `peach train` ended by SIGINT, SIGTERM, SIGHUP or a closed output at random
/// moments of a run (start-up included), and what its synth is left with: no note may sound
/// once Peach has gone, and every run Peach had caught must end with 0.
struct SignalFaults: BenchmarkFigure {
    static let number = 10
    static let title = "Signals at random moments"
    static let target = "≥ 200 runs ended by SIGINT, SIGTERM, SIGHUP or a closed stdout at random moments from 0 to 3 s "
        + "after the start: 0 notes left sounding at the synth, and exit 0 from every run whose handlers were in place"
    static let needsSequencer = true

    enum Ending: String, CaseIterable {
        case sigint = "SIGINT", sigterm = "SIGTERM", sighup = "SIGHUP", closedOutput = "closed stdout"
    }

    func run(_ context: BenchContext) async throws -> FigureResult {
        let runs = context.count(200, quick: 4)
        let rig = try MeasuringRig(tag: "10")
        await rig.settled()
        context.progress("figure 10: \(runs) runs of peach train, each ended at a random moment…")
        var random = SeededRandom(seed: 10)
        var hanging: [Double] = [], moments: [Double] = []
        var cleanExits = 0, beforeHandlers = 0, otherEndings: [String] = []
        var byEnding: [Ending: Int] = [:]
        for run in 0..<runs {
            let ending = Ending.allCases[run % Ending.allCases.count]
            let delay = Double(random.next() % 3001)
            let output = Pipe()
            let peach = try PeachProcess(context, ["train", "comparison", "--json"] + rig.portArguments,
                                         settings: ["PEACH_NOTE_DURATION": "0.3", "PEACH_FEEDBACK_CHANNEL": "off"],
                                         folder: "signal-\(run)", standardOutput: output)
            // Drain the output as a reader would, until the ending closes it.
            let reader = output.fileHandleForReading
            reader.readabilityHandler = { handle in _ = handle.availableData }
            try await Task.sleep(for: .milliseconds(Int64(delay)))
            let caught = Self.handlersInstalled(pid: peach.pid)
            switch ending {
            case .sigint: peach.signal(SIGINT)
            case .sigterm: peach.signal(SIGTERM)
            case .sighup: peach.signal(SIGHUP)
            case .closedOutput:
                reader.readabilityHandler = nil
                try? reader.close()
            }
            let status = try await peach.exitStatus(within: .seconds(30))
            try? reader.close()
            let signalled = peach.process.terminationReason == .uncaughtSignal
            if status == 0 && !signalled {
                cleanExits += 1
            } else if !caught && signalled {
                beforeHandlers += 1   // still loading: killed before Peach's first line, nothing sent yet
            } else {
                otherEndings.append("\(ending.rawValue) at \(Int(delay)) ms: \(signalled ? "signal" : "exit") \(status)")
            }
            // The synth's view once Peach has gone: anything still sounding?
            try await Task.sleep(for: .milliseconds(200))
            let events = await rig.received.takeAll().filter(rig.isFromPeach)
            hanging.append(Double(Self.stillSounding(events)))
            moments.append(delay)
            byEnding[ending, default: 0] += 1
        }
        let notes = FigureResult.Series("notes left sounding after the run", unit: "notes", values: hanging)
        let times = FigureResult.Series("moment of the ending after the start", role: .baseline, unit: "ms", values: moments)
        let left = Int(hanging.reduce(0, +))
        let holds = left == 0 && otherEndings.isEmpty && runs >= 200
        let tally: String = Ending.allCases.map { "\(byEnding[$0] ?? 0) × \($0.rawValue)" }.joined(separator: ", ")
        var detail = "\(left) notes left sounding over \(runs) runs; \(cleanExits) exited 0, "
        detail += "\(beforeHandlers) ended by the signal before Peach's first line, \(otherEndings.count) otherwise"
        var findings: [String] = []
        findings.append("Each run is `peach train comparison --json` into the bench synth with fresh folders; its stdout is "
            + "a pipe read as it comes. At a moment drawn uniformly from 0 to 3000 ms after the spawn (seeded) it gets, "
            + "in turn, SIGINT, SIGTERM, SIGHUP, or its stdout closed by the reader: \(tally).")
        findings.append("Notes left sounding: note-ons from Peach with no note-off after them (All Notes Off counts for "
            + "its channel), 200 ms after Peach exited.")
        findings.append("A signal that comes while the executable is still loading, before the first line of `main` "
            + "(Peach's handlers not yet in /proc/PID/status SigCgt), ends the process as the kernel's default does: "
            + "nothing has been sent then. \(beforeHandlers) runs ended so.")
        if !otherEndings.isEmpty {
            findings.append("Other endings: " + otherEndings.prefix(10).joined(separator: "; "))
        }
        return result(series: [notes, times], verdict: context.verdict(holds, detail), findings: findings)
    }

    /// Whether SIGTERM's bit is set in SigCgt: Peach's handlers are in place.
    static func handlersInstalled(pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
              let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16) else {
            return false
        }
        return mask & (1 << UInt64(SIGTERM - 1)) != 0
    }

    /// Notes whose last word was a note-on: neither its note-off nor All Notes Off on its channel came after.
    static func stillSounding(_ events: [SequencerEvent]) -> Int {
        var sounding = Set<[UInt8]>()
        for event in events {
            switch event.midiMessage {
            case .noteOn(let channel, let note, let velocity)?:
                if velocity > 0 { sounding.insert([channel, note]) } else { sounding.remove([channel, note]) }
            case .noteOff(let channel, let note, _)?:
                sounding.remove([channel, note])
            case .controlChange(let channel, 123, _)?, .controlChange(let channel, 120, _)?:
                sounding = sounding.filter { $0[0] != channel }
            default:
                break
            }
        }
        return sounding.count
    }
}
