/// Where the sessions get the training settings: one immutable `TrainingSettings` at the start
/// of every trial, so a change applies to the next trial. A source that can change (an edited
/// file) brings itself up to date here; the domain never asks it to. The rig's configuration
/// (ports, channel, controller mapping…) is PeachRig's `RigSettings`.
public protocol UserSettings: Sendable {
    /// The settings as they stand now.
    func snapshot() async -> TrainingSettings
}
