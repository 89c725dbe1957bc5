/// The built-in default of every training setting: the one place where they are defined
/// (the rig's are `RigSettingDefaults`).
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
}
