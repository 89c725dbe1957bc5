import PeachCore
import Synchronization

/// In-memory settings with mutable properties; session tests use this, never files.
final class MockUserSettings: UserSettings {
    struct Values: Sendable {
        var noteRange = SettingDefaults.noteRange
        var noteDuration = SettingDefaults.noteDuration
        var referencePitch = SettingDefaults.referencePitch
        var varyLoudness = SettingDefaults.varyLoudness
        var intervals = SettingDefaults.intervals
        var tuningSystem = SettingDefaults.tuningSystem
        var noteGap = SettingDefaults.noteGap
        var velocity = SettingDefaults.velocity
        var outputPort = SettingDefaults.outputPort
        var inputPort = SettingDefaults.inputPort
        var midiChannel = SettingDefaults.midiChannel
        var pitchBendRange = SettingDefaults.pitchBendRange
        var sound = SettingDefaults.sound
        var controller = SettingDefaults.controller
    }

    private let values: Mutex<Values>

    init(_ configure: (inout Values) -> Void = { _ in }) {
        var values = Values()
        configure(&values)
        self.values = Mutex(values)
    }

    func update(_ change: (inout Values) -> Void) { values.withLock { change(&$0) } }

    var noteRange: NoteRange { values.withLock { $0.noteRange } }
    var noteDuration: NoteDuration { values.withLock { $0.noteDuration } }
    var referencePitch: Frequency { values.withLock { $0.referencePitch } }
    var varyLoudness: UnitInterval { values.withLock { $0.varyLoudness } }
    var intervals: Set<DirectedInterval> { values.withLock { $0.intervals } }
    var tuningSystem: TuningSystem { values.withLock { $0.tuningSystem } }
    var noteGap: NoteGap { values.withLock { $0.noteGap } }
    var velocity: MIDIVelocity { values.withLock { $0.velocity } }
    var outputPort: String? { values.withLock { $0.outputPort } }
    var inputPort: String? { values.withLock { $0.inputPort } }
    var midiChannel: MIDIChannel { values.withLock { $0.midiChannel } }
    var pitchBendRange: PitchBendRange { values.withLock { $0.pitchBendRange } }
    var sound: SoundSelection { values.withLock { $0.sound } }
    var controller: ControllerSettings { values.withLock { $0.controller } }
}
