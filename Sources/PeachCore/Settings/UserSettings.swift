/// What the user can change about the training. Business logic reads settings only through this
/// protocol; the sessions read it at the start of every trial, so a change applies to the next
/// trial. The rig's configuration (ports, channel, controller mapping…) is PeachRig's `RigSettings`.
public protocol UserSettings: Sendable {
    var noteRange: NoteRange { get }
    var noteDuration: NoteDuration { get }
    /// The frequency of A4.
    var referencePitch: Frequency { get }
    /// 0 = every note at the same loudness; 1 = the second note varies by up to ±10 dB.
    var varyLoudness: UnitInterval { get }
    /// The intervals the interval modes train; never empty.
    var intervals: Set<DirectedInterval> { get }
    var tuningSystem: TuningSystem { get }
    var noteGap: NoteGap { get }
    var velocity: MIDIVelocity { get }
    /// The tempo rhythm training plays at; not adaptive (the user picks it).
    var rhythmTempo: TempoBPM { get }

    /// Brings the properties up to date with their sources (e.g. an edited file).
    /// Sessions call it before each trial; in-memory settings need not do anything.
    func refresh() async
}

extension UserSettings {
    public func refresh() async {}

    /// Settings that know no rhythm training use the default tempo.
    public var rhythmTempo: TempoBPM { SettingDefaults.rhythmTempo }
}
