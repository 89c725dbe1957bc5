import Foundation
import PeachALSA
import PeachCore
import PeachRig

/// Figure 1: how close frequency → (note, 14-bit bend) lands, for every note and random offsets
/// across the whole bend range, against the same conversion truncating instead of rounding.
struct PitchBendQuantisation: BenchmarkFigure {
    static let number = 1
    static let title = "Pitch-bend quantisation"
    static let target = "worst error ≤ 0.0123 c at ±2 semitones (half a 14-bit step)"
    static let needsSequencer = false

    func run(_ context: BenchContext) async throws -> FigureResult {
        let offsetsPerNote = context.count(10_000, quick: 200)
        let range = try PitchBendRange(semitones: 2)
        let mapper = PitchBendMapper(range: range, synthA4: .concertA)
        let reach = PitchBendMapper.reach(of: range)
        var random = SystemRandomNumberGenerator()
        var rounded: [Double] = [], truncated: [Double] = []
        rounded.reserveCapacity(128 * offsetsPerNote)
        truncated.reserveCapacity(128 * offsetsPerNote)
        for noteNumber in MIDINote.validRange {
            let note = try MIDINote(noteNumber)
            for _ in 0..<offsetsPerNote {
                let cents = Double.random(in: reach, using: &random)
                let intended = Self.hertz(note: noteNumber, cents: cents)
                let frequency = try Frequency(hertz: intended)
                let bend = try mapper.bend(for: frequency, on: note)
                let sounding = mapper.hertz(of: BentNote(note: note, bend: bend))
                rounded.append(abs(Self.cents(sounding, from: intended)))
                truncated.append(abs(cents - Self.truncatedBendCents(cents, stepCents: mapper.stepCents)))
            }
        }
        let measured = FigureResult.Series("PitchBendMapper (rounds)", unit: "c", values: rounded)
        let baseline = FigureResult.Series("truncating conversion", role: .baseline, unit: "c", values: truncated)
        let worst = measured.summary.max
        return result(
            series: [measured, baseline],
            verdict: context.verdict(worst <= 0.0123, "worst \(Self.format(worst)) c against a baseline worst of "
                                     + "\(Self.format(baseline.summary.max)) c"),
            findings: [
                "\(offsetsPerNote) uniformly random offsets in \(Self.format(reach.lowerBound, 1))…\(Self.format(reach.upperBound, 4)) c "
                    + "(the whole ±2-semitone bend range) on each of the 128 MIDI notes, A4 = 440 Hz.",
                "Error: the pitch the synth sounds for the (note, bend) pair, converted back exactly, against the "
                    + "intended pitch. One bend step is \(Self.format(mapper.stepCents)) c, so rounding can be off by half a step.",
                "Mean error: \(Self.format(measured.summary.mean)) c rounded, \(Self.format(baseline.summary.mean)) c truncated "
                    + "(truncating always errs towards the note, so its mean is twice as large).",
            ])
    }

    private static func hertz(note: Int, cents: Double) -> Double {
        440 * pow(2, (Double(note - 69) * 100 + cents) / 1200)
    }

    private static func cents(_ hertz: Double, from reference: Double) -> Double {
        1200 * log2(hertz / reference)
    }

    /// What a conversion that drops the fraction of a step would sound: the baseline.
    private static func truncatedBendCents(_ cents: Double, stepCents: Double) -> Double {
        (cents / stepCents).rounded(.towardZero) * stepCents
    }

    static func format(_ value: Double, _ digits: Int = 5) -> String {
        String(format: "%.\(digits)f", value)
    }
}
