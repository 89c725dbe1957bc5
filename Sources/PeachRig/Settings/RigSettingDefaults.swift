/// The built-in default of every rig setting: the one place where they are defined.
public enum RigSettingDefaults {
    /// nil: the front end picks a port.
    public static let outputPort: String? = nil
    public static let inputPort: String? = nil
    public static let midiChannel = MIDIChannel(unchecked: 1)
    public static let pitchBendRange = PitchBendRange(unchecked: 2)
    /// General MIDI program 0 (Acoustic Grand Piano), bank 0.
    public static let sound = SoundSelection(uncheckedProgram: 0, bank: 0)
    /// Keys above/below the target answer, the mod wheel tunes, the sustain pedal or any key
    /// commits, the sustain pedal held 2 s starts or stops: works on any keyboard.
    public static let controller = ControllerSettings.default
}
