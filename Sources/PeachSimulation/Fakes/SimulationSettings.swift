import PeachCore

/// The settings a simulated session trains with: the defaults, with the note range and
/// loudness variation a run asks for. Fixed for the whole run.
public struct SimulationSettings: UserSettings {
    public let noteRange: NoteRange
    public let noteDuration = SettingDefaults.noteDuration
    public let referencePitch = SettingDefaults.referencePitch
    public let varyLoudness = SettingDefaults.varyLoudness
    public let intervals = SettingDefaults.intervals
    public let tuningSystem = SettingDefaults.tuningSystem
    public let noteGap = SettingDefaults.noteGap
    public let velocity = SettingDefaults.velocity

    public init(noteRange: NoteRange = SettingDefaults.noteRange) {
        self.noteRange = noteRange
    }
}
