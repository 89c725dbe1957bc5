import ALSASequencer
import Foundation
import PeachCore
import PeachRig

/// `peach learn`'s conversation: for each control it asks the user to press or move it,
/// detects it from the controller's events, asks for confirmation, and refuses a control that
/// already means something else (the rules of `ControllerSettings`). The terminal and the
/// sequencer are injected as one stream of inputs, so it runs as well on lines piped to stdin.
///
/// Every step can be skipped with an empty line or "s"; a step in which nothing is detected
/// within `stepTimeout` is skipped too. Skipping keeps the control's current setting.
public final class LearnWalkthrough {
    public enum Input: Sendable {
        /// A line typed (or piped) on stdin, without its newline.
        case line(String)
        case event(SequencerEvent)
        /// Stdin ended.
        case ended
    }

    public struct InputEnded: Error, CustomStringConvertible {
        public init() {}

        public var description: String {
            "the input ended before the walk-through finished; nothing was written"
        }
    }

    private enum Item: Sendable {
        case input(Input)
        case timeout(Int)
        case quiet(Int)
    }

    /// The mapping as learnt so far; valid at every moment.
    public private(set) var settings: ControllerSettings
    private let source: SequencerAddress?
    private let stepTimeout: Duration
    private let quietPeriod: Duration
    private let write: (String) -> Void
    private var items: AsyncStream<Item>.Iterator
    private let continuation: AsyncStream<Item>.Continuation
    private var forwarding: Task<Void, Never>?
    private var nextTimer = 0

    /// - Parameters:
    ///   - source: only events from this port count.
    ///   - quietPeriod: how long a movement that was not conclusive yet must rest before the
    ///     tuning control is guessed from it.
    ///   - write: prints one line.
    public init(settings: ControllerSettings, inputs: AsyncStream<Input>, source: SequencerAddress?,
                stepTimeout: Duration = .seconds(30), quietPeriod: Duration = .milliseconds(500),
                write: @escaping (String) -> Void) {
        self.settings = settings
        self.source = source
        self.stepTimeout = stepTimeout
        self.quietPeriod = quietPeriod
        self.write = write
        let (stream, continuation) = AsyncStream<Item>.makeStream()
        items = stream.makeAsyncIterator()
        self.continuation = continuation
        forwarding = Task {
            for await input in inputs { continuation.yield(.input(input)) }
            continuation.yield(.input(.ended))
        }
    }

    deinit {
        forwarding?.cancel()
        continuation.finish()
    }

    /// Walks through every control and returns the mapping learnt (the starting one where
    /// everything was skipped).
    public func run() async throws -> ControllerSettings {
        write("For each control: press or move it on the controller, then confirm. Enter or s skips a step "
            + "(the current setting stays); a step ends by itself after \(Self.seconds(stepTimeout)) without a control.")
        try await learnComparison()
        try await learnTuning()
        try await learnCommit()
        for command in TrainingCommand.allCases {
            try await learnCommand(command)
        }
        try await learnTap()
        write("The mapping:")
        for line in settings.summary { write("  " + line) }
        return settings
    }

    // MARK: - The steps

    private func learnComparison() async throws {
        let current = settings.comparisonMode == .explicit
            ? "\(settings.higher?.description ?? "none") = higher, \(settings.lower?.description ?? "none") = lower"
            : "a key above the target note = higher, below = lower"
        write("Comparison answers: \(current).")
        while true {
            write("  Enter keeps this; b learns a control for higher and one for lower; k answers with keys "
                + "relative to the target.")
            switch try await readLine() {
            case "", "s":
                write("  comparison answers stay as they are")
                return
            case "k":
                try apply(comparisonMode: .relativeToTarget, higher: settings.higher, lower: settings.lower)
                write("  comparison: keys relative to the target")
                return
            case "b":
                try await learnComparisonButtons()
                return
            default:
                continue
            }
        }
    }

    private func learnComparisonButtons() async throws {
        let mode = settings.comparisonMode
        try await learn("higher", prompt: "press the control that answers “higher”",
                        detector: ButtonDetector(channel: settings.channel)) { button in
            try self.candidate(comparisonMode: mode, higher: button)
        }
        try await learn("lower", prompt: "press the control that answers “lower”",
                        detector: ButtonDetector(channel: settings.channel)) { button in
            try self.candidate(comparisonMode: self.settings.higher == nil ? mode : .explicit, lower: button)
        }
        do {
            settings = try candidate(comparisonMode: .explicit)
            write("  comparison: \(settings.higher?.description ?? "") = higher, \(settings.lower?.description ?? "") = lower")
        } catch {
            write("  comparison answers stay \(settings.comparisonMode == .explicit ? "explicit" : "relative to the target"): \(error)")
        }
    }

    private func learnTuning() async throws {
        try await learn("matching tuning control",
                        prompt: "move the control that tunes (mod wheel, fader, knob, encoder or pitch wheel) "
                            + "through its range",
                        detector: TuningControlDetector(channel: settings.channel)) { control in
            try self.candidate(tuning: control)
        }
    }

    private func learnCommit() async throws {
        let tuningControllers = Set(settings.tuning.controllers)
        let keepsAnyKey = settings.commit.contains(.anyKey)
        try await learn("matching commit",
                        prompt: "press the control that commits a pitch match"
                            + (keepsAnyKey ? " (any key keeps committing too)" : ""),
                        detector: ButtonDetector(channel: settings.channel, tuningControllers: tuningControllers)) { button in
            try self.candidate(commit: [.button(button)] + (keepsAnyKey ? [.anyKey] : []))
        }
    }

    private func learnCommand(_ command: TrainingCommand) async throws {
        let tuningControllers = Set(settings.tuning.controllers)
        try await learn("command \(command)", prompt: "press the control for \(command)",
                        detector: ButtonDetector(channel: settings.channel, tuningControllers: tuningControllers)) { button in
            try self.candidate(command: command, button)
        }
    }

    /// Rhythm matching's pad: skipping keeps what is set (any key or pad taps by default).
    private func learnTap() async throws {
        let tuningControllers = Set(settings.tuning.controllers)
        try await learn("rhythm tap", prompt: "strike the pad or key that taps in rhythm matching "
                            + "(now: \(settings.tap?.description ?? "any key or pad"))",
                        detector: ButtonDetector(channel: settings.channel, tuningControllers: tuningControllers)) { button in
            try self.candidate(tap: button)
        }
    }

    /// One control: detect, check (`mapping` builds the settings with it, or refuses it),
    /// confirm, adopt. Skipping leaves the settings as they are.
    private func learn<Detector: ControlDetecting>(
        _ title: String, prompt: String, detector fresh: Detector,
        mapping: (Detector.Control) throws -> ControllerSettings
    ) async throws {
        while true {
            write("\(title): \(prompt); Enter or s skips.")
            guard let found = try await detect(with: fresh) else { return }
            let learnt: ControllerSettings
            do {
                learnt = try mapping(found)
            } catch DomainValueError.controlTaken(let control, let use, _) {
                let subject = control == found.description ? "it" : control
                write("  refused: \(found.description) cannot be \(title): \(subject) already \(use); press another control")
                continue
            } catch {
                write("  refused: \(found.description) cannot be \(title): \(error)")
                continue
            }
            while true {
                write("  detected: \(found.description). Enter or y uses it; r tries again; s skips.")
                switch try await readLine() {
                case "", "y", "yes":
                    write("  \(title): \(found.description)")
                    settings = learnt
                    return
                case "r":
                    break
                case "s":
                    write("  skipped")
                    return
                default:
                    continue
                }
                break
            }
        }
    }

    /// Feeds events to the detector until it names a control; nil when the user skips or the
    /// step times out.
    private func detect<Detector: ControlDetecting>(with fresh: Detector) async throws -> Detector.Control? {
        var detector = fresh
        let stepTimer = startTimer(after: stepTimeout, yielding: Item.timeout)
        defer { stepTimer.task.cancel() }
        var quiet: (id: Int, task: Task<Void, Never>)?
        defer { quiet?.task.cancel() }
        // Each hint once: a wheel moved at a button step sends dozens of the same event.
        var hinted: Set<String> = []
        while let item = await items.next() {
            switch item {
            case .input(.ended):
                throw InputEnded()
            case .input(.line(let line)):
                if Self.skipWords.contains(Self.normalised(line)) {
                    write("  skipped")
                    return nil
                }
                write("  waiting for the control (Enter or s skips)")
            case .input(.event(let event)):
                guard case .midi(let message) = event.payload, source.map({ $0 == event.source }) ?? true else { continue }
                switch detector.receive(message) {
                case .detected(let control):
                    return control
                case .listening:
                    quiet?.task.cancel()
                    quiet = startTimer(after: quietPeriod, yielding: Item.quiet)
                case .ignored(let reason):
                    if hinted.insert(reason).inserted { write("  ignored: \(reason)") }
                case .nothing:
                    break
                }
            case .quiet(let id) where id == quiet?.id:
                if let guess = detector.bestGuess { return guess }
            case .timeout(let id) where id == stepTimer.id:
                if let guess = detector.bestGuess { return guess }
                write("  nothing detected within \(Self.seconds(stepTimeout)); skipped")
                return nil
            case .timeout, .quiet:
                break
            }
        }
        throw InputEnded()
    }

    /// The next line typed, lower-cased and trimmed; events and timers meanwhile are dropped
    /// (the rest of the movement just detected, a key's release).
    private func readLine() async throws -> String {
        while let item = await items.next() {
            switch item {
            case .input(.line(let line)): return Self.normalised(line)
            case .input(.ended): throw InputEnded()
            default: continue
            }
        }
        throw InputEnded()
    }

    private func startTimer(after duration: Duration, yielding item: @escaping @Sendable (Int) -> Item)
        -> (id: Int, task: Task<Void, Never>)
    {
        nextTimer += 1
        let id = nextTimer
        let continuation = continuation
        let task = Task {
            try? await Task.sleep(for: duration)
            if !Task.isCancelled { continuation.yield(item(id)) }
        }
        return (id, task)
    }

    // MARK: - Candidates, checked by ControllerSettings' rules

    private func apply(comparisonMode: ControllerSettings.ComparisonMode, higher: ControllerButton?,
                       lower: ControllerButton?) throws {
        settings = try candidate(comparisonMode: comparisonMode, higher: higher, lower: lower)
    }

    /// The current settings with the given parts replaced (`.some(nil)` clears a button).
    private func candidate(
        comparisonMode: ControllerSettings.ComparisonMode? = nil, higher: ControllerButton?? = nil,
        lower: ControllerButton?? = nil, tuning: TuningControl? = nil, commit: [CommitTrigger]? = nil,
        command: TrainingCommand? = nil, _ button: ControllerButton? = nil, tap: ControllerButton? = nil
    ) throws -> ControllerSettings {
        var commands = settings.commands
        if let command { commands[command] = button }
        return try ControllerSettings(
            channel: settings.channel, comparisonMode: comparisonMode ?? settings.comparisonMode,
            higher: higher ?? settings.higher, lower: lower ?? settings.lower, tuning: tuning ?? settings.tuning,
            commit: commit ?? settings.commit, commands: commands, holdStartStop: settings.holdStartStop,
            tap: tap ?? settings.tap)
    }

    static let skipWords: Set<String> = ["", "s", "skip"]

    static func normalised(_ line: String) -> String {
        line.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    static func seconds(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}
