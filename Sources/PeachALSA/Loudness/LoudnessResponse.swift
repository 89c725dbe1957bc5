/// How a synth is told a note's loudness offset (a gain in dB).
///
/// `.expression`: CC 11 on the note's own channel before its note-on, velocity left as
/// configured (see `ExpressionMapping`). Velocity would also change the timbre on most synths,
/// and its loudness curve differs from synth to synth, where expression's is defined in dB.
/// `.velocity`: the note-on velocity scaled instead (see `VelocityMapping`), for a synth known
/// to ignore CC 11.
public enum LoudnessResponse: Hashable, Sendable {
    case expression
    case velocity

    /// The response of a synth Peach did not start, by its client's name. An amsynth is
    /// called "amsynth" whoever started it, and amsynth's own controller map leaves CC 11
    /// unassigned (`MidiController.cpp`): only the map Peach writes routes it to master_vol, so
    /// an amsynth Peach did not start gets velocity. FluidSynth ("FLUID Synth (…)") applies
    /// CC 11 through its SF2 default modulator; any other synth is taken at the General MIDI
    /// word, which has every GM synth answer CC 11.
    public init(synthClientName: String) {
        self = synthClientName == "amsynth" ? .velocity : .expression
    }
}
