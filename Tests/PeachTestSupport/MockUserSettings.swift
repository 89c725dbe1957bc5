import PeachCore
import Synchronization

/// In-memory settings with mutable properties; session and player tests use this, never files.
public final class MockUserSettings: UserSettings {
    public struct Values: Sendable {
        public var noteRange = SettingDefaults.noteRange
        public var noteDuration = SettingDefaults.noteDuration
        public var referencePitch = SettingDefaults.referencePitch
        public var varyLoudness = SettingDefaults.varyLoudness
        public var intervals = SettingDefaults.intervals
        public var tuningSystem = SettingDefaults.tuningSystem
        public var noteGap = SettingDefaults.noteGap
        public var velocity = SettingDefaults.velocity
        public var rhythmTempo = SettingDefaults.rhythmTempo

        public init() {}
    }

    private let values: Mutex<Values>

    public init(_ configure: (inout Values) -> Void = { _ in }) {
        var values = Values()
        configure(&values)
        self.values = Mutex(values)
    }

    public func update(_ change: (inout Values) -> Void) { values.withLock { change(&$0) } }

    public var noteRange: NoteRange { values.withLock { $0.noteRange } }
    public var noteDuration: NoteDuration { values.withLock { $0.noteDuration } }
    public var referencePitch: Frequency { values.withLock { $0.referencePitch } }
    public var varyLoudness: UnitInterval { values.withLock { $0.varyLoudness } }
    public var intervals: Set<DirectedInterval> { values.withLock { $0.intervals } }
    public var tuningSystem: TuningSystem { values.withLock { $0.tuningSystem } }
    public var noteGap: NoteGap { values.withLock { $0.noteGap } }
    public var velocity: MIDIVelocity { values.withLock { $0.velocity } }
    public var rhythmTempo: TempoBPM { values.withLock { $0.rhythmTempo } }
}
