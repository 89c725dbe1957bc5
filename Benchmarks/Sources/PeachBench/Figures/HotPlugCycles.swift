import ALSASequencer
import Foundation
import Glibc
import PeachStore
import Synchronization

/// Figure 13: during one `peach train`, the synth's port, the controller's port and the
/// connection to the synth go away at random moments of a trial and come back, in turn: after
/// each return no note may still sound at the synth (its notes from before the loss included),
/// and every trial Peach reported must be stored.
struct HotPlugCycles: BenchmarkFigure {
    static let number = 13
    static let title = "Hot-plug cycles"
    static let target = "≥ 50 cycles (synth port, controller port, connection to the synth, in turn) at random moments of a "
        + "trial during `peach train`: 0 notes left sounding at the synth after each return and at the end, trials reported = stored"
    static let needsSequencer = true

    static let synthName = "Peach Bench Plug Synth"
    static let keysName = "Peach Bench Plug Keys"

    enum Loss: String, CaseIterable {
        case synth = "synth port", controller = "controller port", connection = "connection"
    }

    func run(_ context: BenchContext) async throws -> FigureResult {
        let cycles = context.count(60, quick: 3)
        let sink = PluggableSynth(name: Self.synthName)
        var synth = try sink.plugIn()
        var keys = try SequencerClient(name: Self.keysName)
        let output = Pipe()
        let peach = try PeachProcess(context, ["train", "comparison", "--json", "--trials", String(cycles),
                                               "--to", Self.synthName, "--from", Self.keysName],
                                     settings: ["PEACH_NOTE_DURATION": "0.3", "PEACH_FEEDBACK_CHANNEL": "off"],
                                     folder: "hot-plug", standardOutput: output)
        let log = OutputLog(reading: output)
        context.progress("figure 13: \(cycles) hot-plug cycles during one training run…")
        var random = SeededRandom(seed: 13)
        var hanging: [Double] = [], moments: [Double] = [], byLoss: [Loss: Int] = [:], leftBy: [Loss: Int] = [:]
        try await peach.explaining {
            for cycle in 0..<cycles {
                let loss = Loss.allCases[cycle % Loss.allCases.count]
                // A trial under way: started after the last one ended (completed or stopped).
                try await log.wait(for: "a trial to start", timeout: cycle == 0 ? TrainingRun.firstNoteTimeout : .seconds(60)) {
                    $0.lines("trialStarted").count > $0.lines("trialCompleted").count + $0.lines("stopped").count
                }
                let stops = log.lines("stopped").count
                let delay = Double(random.next() % 701)
                try await Task.sleep(for: .milliseconds(Int64(delay)))
                let peachOutput = sink.peachOutput
                switch loss {
                case .synth: synth.close()
                case .controller: keys.close()
                case .connection:
                    guard let peachOutput else { throw BenchFailure("no event from Peach reached the synth before the cycle") }
                    try await Self.aconnect(["-d", peachOutput.description, synth.inputPort.description])
                }
                try await log.wait(for: "training to stop after losing the \(loss.rawValue)", timeout: .seconds(30)) {
                    $0.lines("stopped").count > stops
                }
                let returned = sink.count
                switch loss {
                case .synth: synth = try sink.plugIn()
                case .controller: keys = try SequencerClient(name: Self.keysName)
                case .connection:
                    try await Self.aconnect([peachOutput.map(\.description) ?? "", synth.inputPort.description])
                }
                // The resumed trial, answered with the highest key (above any target).
                try await log.wait(for: "training to resume after the \(loss.rawValue) came back", timeout: .seconds(60)) {
                    $0.lines("trialStarted").count > $0.lines("trialCompleted").count + $0.lines("stopped").count
                }
                let trial = Int(log.lines("trialStarted").last?["trial"] ?? "") ?? 0
                try await log.awaitingAnswer(trial, timeout: .seconds(30))
                try keys.send(.noteOn(channel: 0, note: 127, velocity: 100))
                try keys.send(.noteOff(channel: 0, note: 127, velocity: 0))
                try await log.wait(for: "trial \(trial) recorded", timeout: .seconds(30)) { $0.lines("trialCompleted").count > cycle }
                let left = sink.soundingBeforeFirstNote(after: returned)
                if left > 0 {
                    leftBy[loss, default: 0] += left
                    context.progress("figure 13: cycle \(cycle + 1) (\(loss.rawValue) at \(Int(delay)) ms): \(left) left sounding; "
                        + "the synth heard: \(sink.recentEvents(before: returned))")
                }
                hanging.append(Double(left))
                moments.append(delay)
                byLoss[loss, default: 0] += 1
            }
        }
        let status = try await peach.exitStatus(within: .seconds(60))
        try await Task.sleep(for: .milliseconds(200))
        let atEnd = sink.soundingNow()
        synth.close()
        keys.close()
        let reported = log.lines("trialCompleted").count
        let location = StoreLocation(directory: peach.folder.appendingPathComponent("data/peach"))
        let stored = try StoreInspection.inspect(location).map(\.total) ?? 0
        let left = Int(hanging.reduce(0, +))
        let clean = status == 0 && peach.process.terminationReason == .exit
        let holds = clean && left == 0 && atEnd == 0 && reported == stored && cycles >= 50
        var detail = "\(cycles) cycles: \(left) notes left sounding after the returns"
        if left > 0 {
            let kinds: [String] = Loss.allCases.compactMap { loss in leftBy[loss].map { "\($0) after a \(loss.rawValue)" } }
            detail += " (" + kinds.joined(separator: ", ") + ")"
        }
        detail += ", \(atEnd) at the end; "
        detail += "\(reported) trials reported, \(stored) stored; \(clean ? "exit 0" : "ended with \(status)")"
        let tally = Loss.allCases.map { "\(byLoss[$0] ?? 0) × \($0.rawValue)" }.joined(separator: ", ")
        return result(series: [
            FigureResult.Series("notes sounding at the synth after a return, before Peach's next note", unit: "notes", values: hanging),
            FigureResult.Series("moment of the loss after the trial's start", role: .baseline, unit: "ms", values: moments),
        ], verdict: context.verdict(holds, detail), findings: [
            "One `peach train comparison --json --trials \(cycles)` run, its synth and controller named (`--to \"\(Self.synthName)\" "
                + "--from \"\(Self.keysName)\"`, bench clients). In each cycle, at a moment drawn (seeded) from 0 to 700 ms after "
                + "a trial started (its two 0.3 s notes, or the wait for the answer), one of these goes, in turn: \(tally). "
                + "The synth and the controller exit (their clients close) and a client of the same name starts again; the "
                + "connection is removed and made again with `aconnect -d` / `aconnect` from outside, as a patchbay does.",
            "The bench waits for Peach's `stopped` line, restores what it removed, waits for the resumed trial and answers it "
                + "with a key, so each cycle records one trial.",
            "Notes sounding: the synth is one recording sink across its restarts (a hardware synth behind a replugged "
                + "interface keeps sounding what it was sent). After each return, the note-ons from Peach with no note-off or "
                + "All Notes Off on their channel after them, counted just before Peach's first note-on after the return; "
                + "and once more 200 ms after Peach exited.",
            "Reported = the run's trialCompleted lines; stored = the rows in its store afterwards.",
        ])
    }

    static func aconnect(_ arguments: [String]) async throws {
        let outcome = try await ChildOutput.run(URL(fileURLWithPath: "/usr/bin/aconnect"), arguments)
        guard outcome.status == 0 else {
            throw BenchFailure("aconnect \(arguments.joined(separator: " ")) exited with \(outcome.status): \(outcome.stderr)")
        }
    }
}

/// A synth that can exit and start again under the same name, whose instances record into one
/// log: what a hardware synth behind a replugged interface has heard.
final class PluggableSynth: Sendable {
    let name: String
    private let events = Mutex<[SequencerEvent]>([])

    init(name: String) { self.name = name }

    /// Starts a client of this name that records into the shared log.
    func plugIn() throws -> SequencerClient {
        // Pool and recorder in place before the port exists: Peach answers the port's
        // announcement with All Notes Off at once, and a later pool resize would drop it.
        try SequencerClient(name: name, inputPool: SequencerClient.largestInputPool) { [self] event in
            if event.midiMessage != nil { self.events.withLock { $0.append(event) } }
        }
    }

    var count: Int { events.withLock { $0.count } }

    /// Peach's output port: the source of what the synth heard (it hears nobody else).
    var peachOutput: SequencerAddress? { events.withLock { $0.first?.source } }

    /// Notes still sounding just before the first note-on that arrived after index `start`.
    func soundingBeforeFirstNote(after start: Int) -> Int {
        let heard = events.withLock { $0 }
        let firstNote = heard[start...].firstIndex { if case .on? = NoteEdge($0.midiMessage) { true } else { false } } ?? heard.endIndex
        return SignalFaults.stillSounding(Array(heard[..<firstNote]))
    }

    /// What the synth heard around a loss: the last events before `index` and those after it,
    /// up to Peach's next note-on, for the log of a cycle that left a note sounding.
    func recentEvents(before index: Int) -> String {
        let heard = events.withLock { $0 }
        let from = max(0, index - 8)
        let end = heard[index...].firstIndex { if case .on? = NoteEdge($0.midiMessage) { true } else { false } } ?? heard.endIndex
        let describe = { (event: SequencerEvent) in event.midiMessage.map { "\($0)" } ?? "?" }
        return heard[from..<index].map(describe).joined(separator: ", ") + " | return | "
            + heard[index..<min(heard.endIndex, end + 1)].map(describe).joined(separator: ", ")
    }

    func soundingNow() -> Int { SignalFaults.stillSounding(events.withLock { $0 }) }
}
