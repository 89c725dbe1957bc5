import PeachCore
import PeachRig

/// The controls the prompts name: the computer's keys, or a connected controller's own (the
/// keys still work then; the help printed at start lists them).
public struct AnswerControls: Hashable, Sendable {
    public enum Comparison: Hashable, Sendable {
        /// ↑/↓.
        case arrows
        /// A key above the target note answers higher, one below lower.
        case keyAboveOrBelowTarget
        /// Two buttons, as people name them ("key C5", "CC 20 button").
        case buttons(higher: String, lower: String)
    }

    public var comparison: Comparison
    /// What tunes in matching: "←/→", "mod wheel".
    public var tuning: String
    /// What says "in tune": "Enter", "sustain pedal or any key".
    public var commit: String
    /// What pauses and goes on: "space", "space or key C1".
    public var startStop: String
    /// What taps, where answers are taps: "space", "any key or pad".
    public var tap: String

    public init(comparison: Comparison, tuning: String, commit: String, startStop: String, tap: String = "space") {
        self.comparison = comparison
        self.tuning = tuning
        self.commit = commit
        self.startStop = startStop
        self.tap = tap
    }

    /// The computer's keys.
    public static let keys = AnswerControls(comparison: .arrows, tuning: "←/→", commit: "Enter", startStop: "space")

    /// A controller mapped by `settings`.
    /// - Parameter terminalKeys: whether the computer's keys are read too; on a headless rig
    ///   (no terminal) they are not, and nothing names the space bar.
    public init(controller settings: ControllerSettings, terminalKeys: Bool = true) {
        switch settings.comparisonMode {
        case .relativeToTarget:
            comparison = .keyAboveOrBelowTarget
        case .explicit:
            comparison = .buttons(higher: settings.higher?.description ?? "?", lower: settings.lower?.description ?? "?")
        }
        tuning = Self.name(of: settings.tuning)
        commit = settings.commit.map(\.description).joined(separator: " or ")
        startStop = [terminalKeys ? "space" : nil, settings.commands[.startStop]?.description,
                     settings.activeHoldStartStop.map { "\($0.description) held \(ControllerSettings.holdSeconds) s" }]
            .compactMap { $0 }.joined(separator: " or ")
        tap = settings.tap?.description ?? "any key or pad"
    }

    /// Short names: the whole description says more than a prompt has room for.
    private static func name(of control: TuningControl) -> String {
        switch control.kind {
        case .absoluteCC(let controller, _): control == .modWheel ? "mod wheel" : "CC \(controller)"
        case .relativeEncoder(let controller, _, _): "encoder CC \(controller)"
        case .pitchWheelRate: "pitch wheel"
        }
    }
}
