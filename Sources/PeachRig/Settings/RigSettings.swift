/// How this rig is wired: where the notes go and the answers come from, how the synth is
/// addressed and how the controller maps. The sessions never read it (they read PeachCore's
/// `UserSettings`); the adapters, the front end and the composition root do.
public protocol RigSettings: Sendable {
    /// Where the notes go; nil lets the front end pick.
    var outputPort: String? { get }
    /// Where the answers come from; nil lets the front end pick.
    var inputPort: String? { get }
    var midiChannel: MIDIChannel { get }
    var pitchBendRange: PitchBendRange { get }
    var sound: SoundSelection { get }
    /// How a MIDI controller answers and steers the sessions.
    var controller: ControllerSettings { get }
}

extension RigSettings {
    /// Settings that do not configure a controller use the defaults.
    public var controller: ControllerSettings { RigSettingDefaults.controller }
}
