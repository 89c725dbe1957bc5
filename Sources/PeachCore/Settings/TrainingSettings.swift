/// The training settings of the domain as one immutable value (the iOS app hands each session
/// a settings value the same way). A session reads one at the start of every trial, so an
/// edit applies from the next trial and never halfway through one. The property initialisers
/// are the built-in defaults: the one place they are defined (the rig's are PeachRig's).
public struct TrainingSettings: Hashable, Sendable {
    /// C2…C6.
    public var noteRange = NoteRange(uncheckedLower: 36, upper: 84)
    public var noteDuration = NoteDuration(clamping: 1.0)
    /// The frequency of A4: 440 Hz.
    public var referencePitch = Frequency.concertA
    /// 0 = every note at the same loudness; 1 = the second note varies by up to ±10 dB.
    public var varyLoudness = UnitInterval.zero
    /// The intervals the interval modes train; never empty. Peach's first interval release
    /// trained the perfect fifth up.
    public var intervals: Set<DirectedInterval> = [.perfectFifthUp]
    public var tuningSystem = TuningSystem.equalTemperament
    /// A tuning beyond the two systems (a temperament, a Scala scale); nil trains in `tuningSystem`.
    public var tuning: Tuning?
    public var noteGap = NoteGap(uncheckedSeconds: 0)
    public var velocity = MIDIVelocity(unchecked: 63)
    /// The tempo rhythm training plays at; not adaptive (the user picks it). The iOS app's
    /// default: a sixteenth lasts 187.5 ms.
    public var rhythmTempo = TempoBPM(unchecked: 80)
    /// How hard the rhythm clicks are struck, apart from the notes' `velocity`: a short
    /// percussive click and a held note rarely sound equally loud at one velocity.
    public var rhythmClickVelocity = MIDIVelocity(unchecked: 63)

    /// The tuning trials are played in.
    public var activeTuning: Tuning { tuning ?? Tuning(tuningSystem) }

    /// The built-in defaults.
    public static let defaults = TrainingSettings()

    public init() {}

    /// The defaults, changed by `configure`.
    public init(_ configure: (inout TrainingSettings) -> Void) {
        configure(&self)
    }
}

/// A fixed value is its own source: it never changes between trials.
extension TrainingSettings: UserSettings {
    public func snapshot() async -> TrainingSettings { self }
}
