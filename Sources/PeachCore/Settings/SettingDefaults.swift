/// The built-in default of every setting: the one place where they are defined.
public enum SettingDefaults {
    /// C2…C6.
    public static let noteRange = NoteRange(uncheckedLower: 36, upper: 84)
    public static let noteDuration = NoteDuration(clamping: 1.0)
    /// A4 = 440 Hz.
    public static let referencePitch = Frequency.concertA
    public static let varyLoudness = UnitInterval.zero
    /// Peach's first interval release trained the perfect fifth up.
    public static let intervals: Set<DirectedInterval> = [.perfectFifthUp]
    public static let tuningSystem = TuningSystem.equalTemperament
    public static let noteGap = NoteGap(uncheckedSeconds: 0)
    public static let velocity = MIDIVelocity(unchecked: 63)
    /// The iOS app's default; a sixteenth lasts 187.5 ms.
    public static let rhythmTempo = TempoBPM(unchecked: 80)
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
