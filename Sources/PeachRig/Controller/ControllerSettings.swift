import PeachCore

/// How a MIDI controller drives the sessions: which events answer a comparison, which
/// control tunes and commits a pitch match, and which buttons give commands. MIDI numbers
/// only; the ALSA adapter's ControllerMapping applies them to incoming events.
///
/// The defaults work on any keyboard: a key above the last target note answers "higher", one
/// below "lower"; the mod wheel tunes; the sustain pedal or any key commits; no command on a
/// press (no preset button quits by accident), but holding the sustain pedal for 2 s and
/// letting go starts or stops training, so a rig without a screen can always pause and resume.
public struct ControllerSettings: Hashable, Sendable, CustomStringConvertible {
    public enum ComparisonMode: String, Hashable, Sendable, CaseIterable {
        /// A key above the last target note means "higher", below "lower"; the target's own
        /// key is ignored.
        case relativeToTarget
        /// The `higher` and `lower` buttons answer.
        case explicit
    }

    /// Only events on this channel count; nil listens to all (omni).
    public let channel: MIDIChannel?
    public let comparisonMode: ComparisonMode
    /// Used in `.explicit` mode, which requires both.
    public let higher: ControllerButton?
    public let lower: ControllerButton?
    public let tuning: TuningControl
    /// Any of these commits; never empty.
    public let commit: [CommitTrigger]
    public let commands: [TrainingCommand: ControllerButton]
    /// Held for `holdDuration` or longer and let go: start/stop, in addition to whatever its
    /// press does (the sustain pedal still commits on the press). A key or a CC button: a
    /// program change has no release. See `activeHoldStartStop`.
    public let holdStartStop: ControllerButton?
    /// The one control that taps, where answers are taps; nil: any key or pad (a note-on) taps.
    public let tap: ControllerButton?

    /// How long `holdStartStop` must be held: far longer than a commit's tap, short enough to
    /// find without a screen.
    public static let holdDuration: Duration = .seconds(2)

    public static let `default` = ControllerSettings(
        uncheckedChannel: nil, comparisonMode: .relativeToTarget, higher: nil, lower: nil,
        tuning: .modWheel, commit: [.button(.sustainPedal), .anyKey], commands: [:], holdStartStop: .sustainPedal,
        tap: nil)

    /// Checks that every control has one meaning. Buttons of the comparison (higher, lower)
    /// may double as matching controls, since only one session runs at a time; commands are
    /// live in both, so they share nothing. A command on a key takes precedence over a
    /// relative-to-target answer or an any-key commit.
    public init(
        channel: MIDIChannel? = nil,
        comparisonMode: ComparisonMode = .relativeToTarget,
        higher: ControllerButton? = nil,
        lower: ControllerButton? = nil,
        tuning: TuningControl = .modWheel,
        commit: [CommitTrigger] = [.button(.sustainPedal), .anyKey],
        commands: [TrainingCommand: ControllerButton] = [:],
        holdStartStop: ControllerButton? = .sustainPedal,
        tap: ControllerButton? = nil
    ) throws(DomainValueError) {
        if let holdStartStop {
            try Self.checkHoldable(holdStartStop)
        }
        if comparisonMode == .explicit {
            guard let higher, let lower else {
                throw Self.conflict("comparison mode explicit with higher = \(higher?.text ?? "none"), "
                    + "lower = \(lower?.text ?? "none")", "a control for both higher and lower")
            }
            guard higher != lower else {
                throw Self.conflict("higher = lower = \(higher.text)", "different controls for higher and lower")
            }
        }
        guard !commit.isEmpty else {
            throw Self.conflict("no commit control", "at least one commit control")
        }
        guard Set(commit).count == commit.count else {
            throw Self.conflict("commit = \(commit.map(\.text).joined(separator: ","))", "each commit control once")
        }
        // Each claim with what it does, in words for "key C2 already starts/stops training".
        var claimed: [(role: String, use: String, button: ControllerButton)] = []
        if comparisonMode == .explicit, let higher, let lower {
            claimed += [("higher", "answers “higher”", higher), ("lower", "answers “lower”", lower)]
        }
        for case .button(let button) in commit { claimed.append(("commit", "commits a pitch match", button)) }
        for command in TrainingCommand.allCases {
            guard let button = commands[command] else { continue }
            if let other = claimed.first(where: { $0.button == button }) {
                throw .controlTaken(control: button.description, use: other.use,
                                    detail: "\(command.rawValue) = \(button.text), \(other.role) = \(button.text)")
            }
            claimed.append((command.rawValue, Self.use(of: command), button))
        }
        // Where answers are taps there is no commit or other answer: only a command (live in
        // every session) would fight the tap.
        if let tap, let command = TrainingCommand.allCases.first(where: { commands[$0] == tap }) {
            throw .controlTaken(control: tap.description, use: Self.use(of: command),
                                detail: "tap = \(tap.text), \(command.rawValue) = \(tap.text)")
        }
        let matchingButtons = claimed.filter { $0.role != "higher" && $0.role != "lower" }
        for controller in tuning.controllers {
            if let other = matchingButtons.first(where: { $0.button.kind == .controlChange && $0.button.number == controller }) {
                throw .controlTaken(control: other.button.description, use: other.use,
                                    detail: "tuning control \(tuning.text) uses CC \(controller), \(other.role) = \(other.button.text)")
            }
        }
        self.init(uncheckedChannel: channel, comparisonMode: comparisonMode, higher: higher, lower: lower,
                  tuning: tuning, commit: commit, commands: commands, holdStartStop: holdStartStop, tap: tap)
    }

    /// A control that can be held: it sends a release (a key's note-off, a CC falling below 64).
    public static func checkHoldable(_ button: ControllerButton) throws(DomainValueError) {
        guard button.kind != .programChange else {
            throw .malformed(type: "hold control", value: button.text,
                             expected: "a key or a CC button (note:C1, cc:NUMBER, sustain): a program change has no release")
        }
    }

    /// `holdStartStop` where it can work, else nil: a control that gives a command on its press
    /// already has one (and start/stop on its release too would undo it), and the tuning
    /// control's CCs move the note, not a button. Not an error, so that setting a command or a
    /// tuning control on the sustain pedal keeps working as it did before the hold existed.
    public var activeHoldStartStop: ControllerButton? {
        guard let holdStartStop, !commands.values.contains(holdStartStop) else { return nil }
        if holdStartStop.kind == .controlChange && tuning.controllers.contains(holdStartStop.number) { return nil }
        return holdStartStop
    }

    private init(
        uncheckedChannel channel: MIDIChannel?, comparisonMode: ComparisonMode, higher: ControllerButton?,
        lower: ControllerButton?, tuning: TuningControl, commit: [CommitTrigger],
        commands: [TrainingCommand: ControllerButton], holdStartStop: ControllerButton?, tap: ControllerButton?
    ) {
        self.channel = channel
        self.comparisonMode = comparisonMode
        self.higher = higher
        self.lower = lower
        self.tuning = tuning
        self.commit = commit
        self.commands = commands
        self.holdStartStop = holdStartStop
        self.tap = tap
    }

    /// What a command's control does, after "already".
    private static func use(of command: TrainingCommand) -> String {
        switch command {
        case .startStop: "starts/stops training"
        case .nextMode: "switches to the next mode"
        case .quit: "quits"
        }
    }

    private static func conflict(_ value: String, _ expected: String) -> DomainValueError {
        .malformed(type: "controller mapping", value: value, expected: expected)
    }

    /// `omni` or a channel 1…16.
    public static func channel(parsing text: String) throws(DomainValueError) -> MIDIChannel? {
        let trimmed = text.trimmingWhitespace()
        if trimmed.lowercased() == "omni" { return nil }
        guard let number = Int(trimmed) else {
            throw .malformed(type: "controller channel", value: text, expected: "omni or a MIDI channel 1…16")
        }
        return try MIDIChannel(number)
    }

    public static func channelText(_ channel: MIDIChannel?) -> String {
        channel.map { String($0.number) } ?? "omni"
    }

    public static func comparisonMode(parsing text: String) throws(DomainValueError) -> ComparisonMode {
        let trimmed = text.trimmingWhitespace()
        guard let mode = ComparisonMode.allCases.first(where: { $0.rawValue.lowercased() == trimmed.lowercased() }) else {
            throw .unknownName(type: "comparison answer mode", value: text, known: ComparisonMode.allCases.map(\.rawValue))
        }
        return mode
    }

    /// One line per meaning, for `peach monitor` and the settings report.
    public var summary: [String] {
        var lines = ["channel: " + (channel.map { "\($0.number) only" } ?? "all (omni)")]
        switch comparisonMode {
        case .relativeToTarget:
            lines.append("comparison: a key above the last target note = higher, below = lower")
        case .explicit:
            lines.append("comparison: \(higher?.description ?? "none") = higher, \(lower?.description ?? "none") = lower")
        }
        lines.append("matching: tune with \(tuning.withArticle), commit with "
            + commit.map(\.description).joined(separator: " or "))
        lines.append("rhythm: " + (tap.map { "the \($0.description) taps" } ?? "any key or pad taps")
            + (comparisonMode == .explicit
                ? "; \(lower?.description ?? "none") = early, \(higher?.description ?? "none") = late"
                : "; a key below middle C answers early, from middle C up late"))
        for command in TrainingCommand.allCases {
            if let button = commands[command] { lines.append("\(command): \(button.description)") }
        }
        if let hold = activeHoldStartStop {
            lines.append("start/stop: hold the \(hold.description) \(Self.holdSeconds) s, then let go")
        } else if let hold = holdStartStop {
            lines.append("start/stop by holding the \(hold.description): off, as it has a meaning of its own")
        }
        return lines
    }

    public var description: String { summary.joined(separator: "; ") }

    /// "2" for people.
    public static var holdSeconds: String {
        let seconds = Double(holdDuration.components.seconds) + Double(holdDuration.components.attoseconds) / 1e18
        return seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
