import Foundation
import PeachCore

/// Figure 19: intervals of historical temperaments and of a Scala scale as amsynth sounds them
/// (issue 32), by figure 14's method: amsynth started in the VM, recorded from the snd-aloop
/// card, each note a `peach play --tuning T NOTE` through the real sequencer, its fundamental
/// measured by scripts/measure-pitch.py. Each interval is its two notes played one after the
/// other, each at the key's tempered pitch (as training sounds a reference, and sizes the target
/// from it); the measured size is 1200 · log2(f₂ / f₁), set against `Tuning.size(of:from:)`.
struct TemperedIntervals: BenchmarkFigure {
    static let number = 19
    static let title = "Tempered intervals at the synth"
    static let target = "five intervals of temperaments and a Scala scale, rendered by amsynth: "
        + "measured sizes within 0.1 c of the tuning's"
    static let needsSequencer = true
    /// Every `peach play` takes about 20 s under the VM's emulation, so even one interval is
    /// too long for CI's quick bench: `--figures 19` only (`--quick` then plays one interval).
    static let inQuickRun = false

    static let bound = 0.1
    /// Renders again (on a fresh amsynth) while an underrun left a note too short a clean stretch.
    static let replays = 2

    /// One interval: its tuning (`--tuning` as given), its two notes, and what the literature says.
    struct Probe: Sendable {
        let tuning: String
        let from: String
        let to: String
        let what: String
        /// The size as the tuning's source gives it, in cents.
        let literature: Double
    }

    /// A 5-limit just scale on C as a Scala file: its D–A is the grave fifth 40/27, not 3/2.
    static let scalaFile = """
        ! just-c.scl
        !
        5-limit just intonation on C (peach-bench figure 19)
         12
        !
         16/15
         9/8
         6/5
         5/4
         4/3
         45/32
         3/2
         8/5
         5/3
         9/5
         15/8
         2/1
        """

    static func probes(scala: String) -> [Probe] {
        let pureFifth = 1200 * log2(1.5)
        let quarterMeantoneFifth = pureFifth - 1200 * log2(81.0 / 80) / 4
        return [
            Probe(tuning: "meantone-1/4", from: "C4", to: "E4", what: "pure major third 5/4", literature: 1200 * log2(1.25)),
            Probe(tuning: "meantone-1/4", from: "G#3", to: "D#4", what: "the wolf fifth (G#–E♭)",
                  literature: 8400 - 11 * quarterMeantoneFifth),
            Probe(tuning: "werckmeister-iii", from: "C#4", to: "G#4", what: "an untempered fifth of Werckmeister III",
                  literature: pureFifth),
            Probe(tuning: "pythagorean", from: "D4", to: "A4", what: "a pure fifth 3/2", literature: pureFifth),
            Probe(tuning: scala, from: "D4", to: "A4", what: "the Scala scale's grave fifth 40/27",
                  literature: 1200 * log2(40.0 / 27)),
        ]
    }

    func run(_ context: BenchContext) async throws -> FigureResult {
        let synth = CandidateSynth.amsynth
        guard FileManager.default.isExecutableFile(atPath: synth.executable) else {
            guard context.quick else { throw BenchFailure("figure \(Self.number) needs amsynth (\(synth.executable))") }
            return result(series: [], verdict: .notJudged("amsynth is not installed here"),
                          findings: ["amsynth is not installed here: nothing measured."])
        }
        let scala = context.scratch.appendingPathComponent("just-c.scl")
        try Data(Self.scalaFile.utf8).write(to: scala)
        let all = Self.probes(scala: scala.path)
        let probes = context.quick ? [all[0]] : all
        let expected = try probes.map(Self.expected)
        let plays = probes.flatMap { [["--tuning", $0.tuning, $0.from], ["--tuning", $0.tuning, $0.to]] }
        // Longer than figure 14's 1.5 s: an underrun gap then still leaves a clean stretch to measure.
        let player = PlayRenderer(context, seconds: context.quick ? 1.0 : 2.5)
        let version = await CandidateRender.version(of: synth)

        var notes: [PitchMeasurement.Note] = []
        var renders = 0, failures: [String] = []
        repeat {
            renders += 1
            context.progress("figure \(Self.number): amsynth \(version), render \(renders)")
            do {
                notes = try await SynthCandidates.render(synth, plays, name: "tempered-\(renders)", context, player,
                                                         figure: Self.number).notes
            } catch {
                // Under a busy host's emulation amsynth can break a note into pieces too short to measure.
                guard renders <= Self.replays else { throw error }
                failures.append("render \(renders): \(error)")
                notes = []
            }
        } while (notes.isEmpty || notes.contains(where: \.disturbed)) && renders <= Self.replays

        var table = [["tuning", "interval", "literature", "tuning's size", "measured", "error", "notes' pitch error"]]
        var intervalErrors: [Double] = [], pitchErrors: [Double] = []
        for (index, (probe, sizes)) in zip(probes, expected).enumerated() {
            let (first, second) = (notes[2 * index], notes[2 * index + 1])
            let measured = 1200 * log2(second.hertz / first.hertz)
            let error = measured - sizes.size
            let pitches = [1200 * log2(first.hertz / sizes.first), 1200 * log2(second.hertz / sizes.second)]
            intervalErrors.append(abs(error))
            pitchErrors += pitches.map(abs)
            let name = probe.tuning == scala.path ? "just-c.scl" : probe.tuning
            table.append([name, "\(probe.from)–\(probe.to), \(probe.what)", EndToEndPitch.format(probe.literature, 3) + " c",
                          EndToEndPitch.format(sizes.size, 3) + " c", EndToEndPitch.format(measured, 3) + " c",
                          EndToEndPitch.signed(error, 3) + " c",
                          pitches.map { EndToEndPitch.signed($0, 3) }.joined(separator: ", ") + " c"
                            + ((first.disturbed || second.disturbed) ? " (disturbed)" : "")])
        }
        let worst = intervalErrors.max() ?? .infinity
        let literatureGap = zip(probes, expected).map { abs($0.literature - $1.size) }.max() ?? 0
        var figure = result(
            series: [
                FigureResult.Series("interval size: |measured − tuning's|", unit: "c", values: intervalErrors),
                FigureResult.Series("each note: |measured − tuning's pitch|", role: .baseline, unit: "c", values: pitchErrors),
            ],
            verdict: context.verdict(worst <= Self.bound,
                                     "worst interval error \(EndToEndPitch.format(worst, 3)) c over \(probes.count) intervals "
                                     + "(bound \(EndToEndPitch.format(Self.bound, 1)) c)"),
            findings: [
                "Method: in the VM, amsynth \(version) started as figure 14 starts it (config/amsynth's bank, recorded "
                    + "from the snd-aloop card by arecord); per interval `peach play --tuning T NOTE` for each of its two "
                    + "notes, \(EndToEndPitch.format(player.seconds, 1)) s each, 600 ms apart, velocity 100, A4 = 440 Hz, "
                    + "bend range ±2 semitones; each note's fundamental by scripts/measure-pitch.py. The tuning's sizes are "
                    + "PeachCore's (`Tuning.size(of:from:)`, the Scala file parsed as `--tuning` parses it); they differ "
                    + "from the literature's by at most \(EndToEndPitch.format(literatureGap, 4)) c. The notes' pitch error "
                    + "is each note against the tuning's own pitch for its key (A4 = 440 Hz; the Scala scale's degree 0 on "
                    + "C, its reference frequency by Peach's default rule).",
                "Renders: \(renders) (a render is repeated on a fresh amsynth while an underrun left a note under "
                    + "\(EndToEndPitch.format(PitchMeasurement.Note.trustedSeconds, 1)) s of clean steady middle, at most "
                    + "\(Self.replays) times, or while a note was lost to underruns)."
                    + (failures.isEmpty ? "" : " " + failures.joined(separator: "; ")),
            ])
        figure.table = table
        return figure
    }

    /// The tuning's size of the probe's interval and the pitches of its two keys.
    static func expected(_ probe: Probe) throws -> (size: Double, first: Double, second: Double) {
        let tuning: Tuning
        if probe.tuning.hasSuffix(".scl") {
            let text = try String(contentsOfFile: probe.tuning, encoding: .utf8)
            tuning = try ScalaScale(parsing: text, source: probe.tuning).tuning()
        } else {
            tuning = try Tuning(named: probe.tuning)
        }
        let from = try MIDINote(parsing: probe.from), to = try MIDINote(parsing: probe.to)
        let interval = DirectedInterval(try Interval(semitones: abs(to.rawValue - from.rawValue)),
                                        to.rawValue >= from.rawValue ? .up : .down)
        let frequency = { (note: MIDINote) in tuning.frequency(of: DetunedMIDINote(note), referencePitch: .concertA).hertz }
        return (tuning.size(of: interval, from: from).rawValue, frequency(from), frequency(to))
    }
}
