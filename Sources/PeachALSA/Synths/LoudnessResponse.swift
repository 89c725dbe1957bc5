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
}
