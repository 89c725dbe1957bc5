/// How this rig is wired, as one immutable value: where the notes go and the answers come
/// from, how the synth is addressed and how the controller maps. The sessions never read it
/// (they read PeachCore's `TrainingSettings`); the adapters, the front end and the composition
/// root do. The property initialisers are the built-in defaults: the one place they are defined.
public struct RigSettings: Hashable, Sendable {
    /// Where the notes go; nil lets the front end pick.
    public var outputPort: String?
    /// Where the answers come from; nil lets the front end pick.
    public var inputPort: String?
    public var midiChannel = MIDIChannel(unchecked: 1)
    public var pitchBendRange = PitchBendRange(unchecked: 2)
    /// General MIDI program 0 (Acoustic Grand Piano), bank 0.
    public var sound = SoundSelection(uncheckedProgram: 0, bank: 0)
    /// How a MIDI controller answers and steers the sessions. Keys above/below the target
    /// answer, the mod wheel tunes, the sustain pedal or any key commits, the sustain pedal held
    /// 2 s starts or stops: works on any keyboard.
    public var controller = ControllerSettings.default

    /// The built-in defaults.
    public static let defaults = RigSettings()

    public init() {}

    /// The defaults, changed by `configure`.
    public init(_ configure: (inout RigSettings) -> Void) {
        configure(&self)
    }
}
