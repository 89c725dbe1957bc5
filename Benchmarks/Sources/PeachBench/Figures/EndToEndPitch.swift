import Foundation
import PeachALSA
import PeachCore

/// Figure 2: `peach play` through FluidSynth rendering to WAV. Every pitch sounds beside its MIDI
/// note undetuned in the same render, so the sample's own detune cancels and only the difference
/// counts; the same note twice is the measurement's noise floor. Then one note in 0.1-cent steps
/// up and down: the synth's own step function, and whether it errs alike both ways.
struct EndToEndPitch: BenchmarkFigure {
    static let number = 2
    static let title = "End-to-end pitch"
    static let target = "the measured difference within half the synth's step (Debian 12's FluidSynth 2.3.1: 1 c) of the intended "
        + "one, plus the measuring margin; the mean signed error of +x and −x pairs within 0.05 c of zero"
    static let needsSequencer = true

    /// FluidSynth 2.3.1 looks pitch up in a table of whole cents, dropping the fraction.
    static let synthStep = 1.0
    /// What 1.5 s notes measure to: the same note twice differed by up to 0.062 c in a full run
    /// (the baseline shows it each run), so 0.1 c.
    static let measuringMargin = 0.1
    /// FluidSynth's pitch wheel follows SoundFont 2.01's default modulator 8.4.10: 12 700 c ×
    /// sensitivity / 128, so ±2 semitones bend ±198.4375 c, 0.78 % short of the MIDI meaning.
    /// Peach knows (`BendResponse.fluidSynth`) and sends bends 128/127 as large.
    static let fluidSynthMapper = PitchBendMapper(response: .fluidSynth)

    func run(_ context: BenchContext) async throws -> FigureResult {
        let seconds = context.quick ? 1.0 : 1.5
        let probes = Array(try PitchProbe.all().prefix(context.count(20, quick: 1)))
        let upward: [Double] = context.quick ? [0, 1.5] : (0...30).map { Double($0) / 10 }
        let steps = upward + upward.dropFirst().map { -$0 }
        let player = PlayRenderer(context, seconds: seconds)

        // Pairs: reference, detuned, reference again. Then the step function: one reference, then the same
        // note 0…3 c up and 0.1…3 c down.
        let pairPlays = probes.flatMap { probe in
            [[String(probe.referenceNote)], probe.arguments, [String(probe.referenceNote)]]
        }
        let stepPlays = [["A4"]] + steps.map { ["A4", "--cents", String(format: "%.1f", $0)] }
        let pairs: PlayRenderer.Render, stepRender: PlayRenderer.Render
        if context.quick {
            // One FluidSynth start for both (under emulation it costs as much as several notes): the
            // quick run proves the path, not the figure.
            let both = try await player.render("pairs-and-steps", pairPlays + stepPlays)
            (pairs, stepRender) = (both.prefix(pairPlays.count), both.dropFirst(pairPlays.count))
        } else {
            pairs = try await player.render("pairs", pairPlays)
            stepRender = try await player.render("steps", stepPlays)
        }
        var errors: [Double] = [], noise: [Double] = [], unexplained: [Double] = [], lines: [String] = []
        for (index, probe) in probes.enumerated() {
            let reference = pairs.notes[3 * index], detuned = pairs.notes[3 * index + 1], again = pairs.notes[3 * index + 2]
            guard detuned.midiNote == reference.midiNote else {
                throw BenchFailure("\(probe.label) was sent as MIDI note \(detuned.midiNote), not \(reference.midiNote)")
            }
            let measured = Self.cents(detuned.hertz, from: reference.hertz)
            errors.append(abs(measured - probe.intendedCents))
            unexplained.append(abs(measured - (try Self.fluidSynthModel(probe.intendedCents))))
            noise.append(abs(Self.cents(again.hertz, from: reference.hertz)))
            lines.append("\(probe.label) \(Self.signed(probe.intendedCents, 3))→\(Self.signed(measured, 2))")
        }

        let stepReference = stepRender.notes[0].hertz
        let stepMeasured = stepRender.notes.dropFirst().map { Self.cents($0.hertz, from: stepReference) }
        let stepErrors = zip(steps, stepMeasured).map { abs($1 - $0) }
        unexplained += try zip(steps, stepMeasured).map { abs($1 - (try Self.fluidSynthModel($0))) }

        let measured = FigureResult.Series("error of the difference (measured vs intended)", unit: "c", values: errors)
        let baseline = FigureResult.Series("same note twice (noise floor)", role: .baseline, unit: "c", values: noise)
        let stepSeries = FigureResult.Series("step function A4 ±0…3 c: error", unit: "c", values: stepErrors)
        let model = FigureResult.Series("deviation from FluidSynth's model (pairs and steps)", unit: "c", values: unexplained)
        // Sign bias: for each x > 0, the mean of the signed errors at +x and −x; a truncating
        // synth asked for x itself gives about −0.5 c.
        let signed = Dictionary(uniqueKeysWithValues: zip(steps, zip(steps, stepMeasured).map { $1 - $0 }))
        let pairBiases = upward.dropFirst().compactMap { x in signed[x].flatMap { up in signed[-x].map { (up + $0) / 2 } } }
        let bias = pairBiases.isEmpty ? 0 : pairBiases.reduce(0, +) / Double(pairBiases.count)
        let bound = Self.synthStep / 2 + Self.measuringMargin
        let worst = max(measured.summary.max, stepSeries.summary.max)
        return result(
            series: [measured, baseline, stepSeries, model],
            verdict: context.verdict(worst <= bound && abs(bias) <= 0.05,
                                     "worst \(Self.format(worst, 3)) c against \(Self.format(bound, 2)) c (half the 1 c step + "
                                     + "\(Self.format(Self.measuringMargin, 2)) c measuring margin); mean signed error of ±x pairs "
                                     + "\(Self.signed(bias, 3)) c; noise floor \(Self.format(baseline.summary.max, 3)) c; every "
                                     + "difference within \(Self.format(model.summary.max, 3)) c of FluidSynth's own truncation"),
            findings: [
                "Method: FluidSynth \(pairs.fluidSynthVersion) as an ALSA client renders to WAV in real time (\(pairs.soundFont), "
                    + "program 79 ocarina, 44.1 kHz); each note is one `peach play … --to \"FLUID Synth (…)\"` process "
                    + "of \(Self.format(seconds, 1)) s (shortest the measurement allows at the stated margin), "
                    + "\(Self.format(PlayRenderer.gap / .milliseconds(1), 0)) ms apart. scripts/measure-pitch.py finds each "
                    + "note's fundamental (FFT peak, parabolic interpolation).",
                "\(probes.count) pitches, each between its MIDI note undetuned and the same note again, all three in one "
                    + "render: measured = cents(detuned / first), baseline = |cents(second / first)|, the same note twice.",
                "Intended → measured (c): " + lines.joined(separator: "; ") + ".",
                "Step function, A4 + intended → measured (c) beside one undetuned A4 (the mean signed error of each +x and −x "
                    + "pair, over the \(pairBiases.count) pairs: \(Self.signed(bias, 3)) c): "
                    + zip(steps, stepMeasured).map { "\(Self.format($0, 1))→\(Self.format($1, 2))" }.joined(separator: " ")
                    + ".",
                "Why: FluidSynth \(pairs.fluidSynthVersion) bends by SoundFont 2.01's default pitch-wheel modulator, 12 700 c × "
                    + "sensitivity / 128 = \(Self.format(-PitchBendMapper.reach(of: Self.fluidSynthMapper.range, response: .fluidSynth).lowerBound, 4)) "
                    + "c for ±2 semitones (0.78 % short; Peach's bends to a FluidSynth port make up for it), then drops the "
                    + "fraction of the note's total cents, so Peach asks it for the middle of the nearest whole cent, "
                    + "round(x) + 0.5, which it turns into round(x) (`BendResponse.truncatesToWholeCents`). The model "
                    + "floor(the pitch Peach's 14-bit bend asks for) (this "
                    + "sample's own tuning being whole cents) gives every measured difference within "
                    + "\(Self.format(model.summary.max, 3)) c, so the error left is the synth's truncation (< 1 c).",
            ])
    }

    /// What FluidSynth 2.3.1 sounds for `cents` above A4 (its sample tuned in whole cents): the
    /// bend Peach sends for it, in the synth's short steps, truncated to whole cents.
    static func fluidSynthModel(_ cents: Double) throws -> Double {
        let bent = try fluidSynthMapper.bentNote(for: Frequency(hertz: 440 * pow(2, cents / 1200)))
        return 1200 * log2(fluidSynthMapper.soundingHertz(of: bent) / 440)
    }

    static func cents(_ hertz: Double, from reference: Double) -> Double {
        1200 * log2(hertz / reference)
    }

    static func format(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    static func signed(_ value: Double, _ digits: Int) -> String {
        (value >= 0 ? "+" : "") + format(value, digits)
    }
}
