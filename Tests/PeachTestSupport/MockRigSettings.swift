import PeachRig

/// Rig settings for adapter tests: the defaults, with whatever a test sets.
public struct MockRigSettings: RigSettings {
    public var outputPort = RigSettingDefaults.outputPort
    public var inputPort = RigSettingDefaults.inputPort
    public var midiChannel = RigSettingDefaults.midiChannel
    public var pitchBendRange = RigSettingDefaults.pitchBendRange
    public var sound = RigSettingDefaults.sound
    public var controller = RigSettingDefaults.controller

    public init(_ configure: (inout MockRigSettings) -> Void = { _ in }) {
        configure(&self)
    }
}
