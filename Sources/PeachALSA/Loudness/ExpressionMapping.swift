import Foundation
import PeachCore

/// How a loudness offset in dB becomes a CC 11 (expression) value.
///
/// The General MIDI recommended practice (RP-036) gives expression the gain 40·log10(v/127) dB,
/// and both engines Peach starts apply exactly that curve: FluidSynth's SF2 default modulator
/// (CC 11, concave, negative, 960 cB of attenuation: `fluid_synth.c`, `fluid_conv.c`) and
/// amsynth's master_vol, to which Peach's controller map routes CC 11 (power law 2:
/// `Parameter.cpp`). So v = 71 · 10^(dB/40) gives the asked offset relative to v = 71.
///
/// 0 dB sits at 71, not at 127, to leave headroom: boosts must stay under full scale.
/// 71 is the largest value with +10 dB (the largest offset a session asks, ±varyLoudness × 10 dB)
/// still under 127: 71 · 10^(10/40) = 126.3 → 126 (+9.97 dB), where 72 would need 128.
/// 0 dB is therefore 40·log10(71/127) = −10.1 dB of full expression. A step near 71 is 0.24 dB,
/// so rounding errs by at most 0.12 dB there and 0.22 dB at −10 dB (v = 40).
/// The result is clamped to 1…127: above +10.1 dB it saturates at 127 (+12 dB, the domain's
/// maximum, sounds as +10.1 dB); below it stays at 1 (−37 dB) because 0 would silence the note
/// altogether (amsynth: master_vol 0) where a very quiet note should stay audible.
public enum ExpressionMapping {
    /// CC 11 (Expression Controller MSB).
    public static let controller: UInt8 = 11
    /// The value for 0 dB.
    public static let reference: UInt8 = 71

    public static func value(for amplitude: AmplitudeDB) -> UInt8 {
        let scaled = Double(reference) * pow(10, amplitude.decibels / 40)
        return UInt8(min(max(scaled.rounded(), 1), 127))
    }

    /// The offset from 0 dB that `value` sounds on a synth with the General MIDI curve.
    public static func decibels(of value: UInt8) -> Double {
        40 * log10(Double(value) / Double(reference))
    }
}
