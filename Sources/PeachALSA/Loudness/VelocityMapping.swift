import Foundation
import PeachCore

/// How a loudness offset reaches a synth that only knows note-on velocity.
///
/// velocity = base × 10^(dB / 40), rounded and clamped to 1…127. Many General MIDI synths
/// (FluidSynth's default modulators among them) make amplitude follow roughly velocity², so
/// scaling velocity by the square root of the amplitude ratio, 10^(dB/40), gives about the
/// requested change in dB: −6 dB halves the amplitude via velocity × 0.71. The clamp means
/// large boosts saturate at 127 and very quiet notes stay audible at 1.
public enum VelocityMapping {
    public static func velocity(_ base: MIDIVelocity, amplitude: AmplitudeDB) -> MIDIVelocity {
        let scaled = Double(base.rawValue) * pow(10, amplitude.decibels / 40)
        return MIDIVelocity(clamping: Int(scaled.rounded()))
    }
}
