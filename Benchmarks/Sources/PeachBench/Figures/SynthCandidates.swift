import Foundation

/// Figure 14: the synths that could replace FluidSynth as Peach's default (issue 12), each an
/// ALSA sequencer client in the VM with no display and no sound card, measured as figure 2
/// measures FluidSynth: `peach play … --to` the synth, the render's fundamentals by
/// scripts/measure-pitch.py. Per synth, in one render: one undetuned A4, A4 +0…3 c and −0.1…−3 c
/// in 0.1 c steps (its step function and sign bias), then the 20 odd pitches of figure 2 in both
/// tuning systems, each between its MIDI note undetuned and the same note again (the noise
/// floor); notes an underrun disturbed are rendered again (`CandidateMeasurement`).
/// PEACH_BENCH_SYNTHS=amsynth,yoshimi,timidity measures only those (default: all), to keep a VM run short.
struct SynthCandidates: BenchmarkFigure {
    static let number = 14
    static let title = "Synth candidates"
    static let target = "a default synth whose worst end-to-end error is ≤ 0.1 c over the steps and the odd pitches, "
        + "with no sign bias (mean signed error of ±x pairs within 0.05 c); headless; start-up well within Peach's 20 s"
    static let needsSequencer = true
    /// Minutes even when quick, and the synths are not among CI's packages: `--figures 14` only.
    static let inQuickRun = false

    static let bound = 0.1
    static let startUpLimit: Duration = .seconds(120)

    func run(_ context: BenchContext) async throws -> FigureResult {
        let player = PlayRenderer(context, seconds: context.quick ? 1.0 : 1.5)
        let all = try PitchProbe.all()
        // Equal-tempered odd offsets, just intervals over C4 as offsets, just ratios of A4 as frequencies.
        let probes = context.quick ? [all[0]] : all
        let upward: [Double] = context.quick ? [0, 0.3] : (0...30).map { Double($0) / 10 }
        let steps = upward + upward.dropFirst().map { -$0 }

        var series: [FigureResult.Series] = [], findings: [String] = [], rows: [String] = []
        var best: (name: String, worst: Double)?
        for synth in try CandidateSynth.selected(ProcessInfo.processInfo.environment[CandidateSynth.selection]) {
            let version = await CandidateRender.version(of: synth)
            let label = "\(synth.name) \(version)"
            context.progress("figure \(Self.number): \(label)")
            var measurement = CandidateMeasurement(steps: steps, probes: probes)
            do {
                try await measurement.run { round, plays in
                    let name = round == 0 ? synth.name : "\(synth.name)-replay-\(round)"
                    return try await Self.render(synth, plays, name: name, context, player)
                }
            } catch {
                rows.append("\(label): could not be measured: \(error)")
                continue
            }

            let stepMeasured = measurement.stepResults.map(\.cents)
            let stepErrors = zip(steps, stepMeasured).map { abs($1 - $0) }
            let signed = Dictionary(uniqueKeysWithValues: zip(steps, zip(steps, stepMeasured).map { $1 - $0 }))
            let pairBiases = upward.dropFirst().compactMap { x in signed[x].flatMap { up in signed[-x].map { (up + $0) / 2 } } }
            let bias = pairBiases.isEmpty ? 0 : pairBiases.reduce(0, +) / Double(pairBiases.count)
            let probeResults = Array(measurement.probeResults)
            let probeErrors = zip(probes, probeResults).map { abs($1.cents - $0.intendedCents) }
            let noise = probeResults.compactMap(\.noise)
            let probeLines = zip(probes, probeResults).map { probe, result in
                "\(probe.label) \(EndToEndPitch.signed(probe.intendedCents, 3))→\(EndToEndPitch.signed(result.cents, 2))"
                    + (result.disturbed ? " (disturbed)" : "")
            }
            let worst = max(stepErrors.max() ?? 0, probeErrors.max() ?? 0)
            let step = Self.effectiveStep(Array(stepMeasured.prefix(upward.count)), span: upward.last ?? 0)
            let startUp = Double(measurement.startUp.components.seconds) + Double(measurement.startUp.components.attoseconds) / 1e18
            series += [
                FigureResult.Series("\(synth.name): step function A4 ±0…3 c, error", unit: "c", values: stepErrors),
                FigureResult.Series("\(synth.name): odd pitches, error", unit: "c", values: probeErrors),
                FigureResult.Series("\(synth.name): same note twice (noise floor)", role: .baseline, unit: "c", values: noise),
            ]
            rows.append("\(label): step \(EndToEndPitch.format(step, 2)) c, sign bias \(EndToEndPitch.signed(bias, 3)) c, worst "
                        + "\(EndToEndPitch.format(worst, 3)) c, noise floor \(EndToEndPitch.format(noise.max() ?? 0, 3)) c, start-up "
                        + "\(EndToEndPitch.format(startUp, 1)) s, headless (\(synth.capture == .file ? "writes WAV itself" : "ALSA to snd-aloop, arecord")); "
                        + "tone: \(synth.tone)")
            rows.append("\(label): \(Self.replaySummary(measurement))")
            findings.append("\(label) steps (intended→measured, c): "
                            + zip(steps, measurement.stepResults).map {
                                "\(EndToEndPitch.format($0, 1))→\(EndToEndPitch.format($1.cents, 2))\($1.disturbed ? "(disturbed)" : "")"
                            }.joined(separator: " ")
                            + "; odd pitches: " + probeLines.joined(separator: "; ") + ".")
            if worst <= Self.bound && abs(bias) <= 0.05, best.map({ worst < $0.worst }) ?? true { best = (label, worst) }
        }
        return result(
            series: series,
            verdict: context.verdict(best != nil, best.map { "\($0.name) is exact: worst \(EndToEndPitch.format($0.worst, 3)) c" }
                                     ?? "no candidate within \(Self.bound) c without bias"),
            findings: ["Method: each synth started by the bench in the VM (no display; ALSA_CARD=Loopback, the snd-aloop card "
                       + "the VM loads), `peach play NOTE --cents X --duration 1.5 --to CLIENT:0` per note, 600 ms apart, velocity "
                       + "100, bend range ±2 semitones; start-up is from spawning it to its client in the sequencer (and, where "
                       + "it says so, its ready message). A unit (a step with its undetuned A4, an odd pitch with its note "
                       + "twice) holding a note whose underrun gaps (digital silence) left under "
                       + "\(EndToEndPitch.format(PitchMeasurement.Note.trustedSeconds, 1)) s of its steady middle clean is rendered "
                       + "again on a fresh start of the synth, up to \(CandidateMeasurement.replayRounds) times. "
                       + "FluidSynth 2.3.1 is figure 2."]
                + rows + findings)
    }

    /// Starts `synth`, plays `plays` into it and measures the render: exactly one note per play
    /// (figure 19 renders its tempered intervals so too).
    static func render(_ synth: CandidateSynth, _ plays: [[String]], name: String, _ context: BenchContext,
                       _ player: PlayRenderer, figure: Int = SynthCandidates.number) async throws -> (notes: [PitchMeasurement.Note], startUp: Duration) {
        let wav = context.scratch.appendingPathComponent("\(name).wav")
        let render = try await CandidateRender(synth, renderingTo: wav, home: context.scratch.appendingPathComponent(name),
                                               limit: startUpLimit)
        defer { render.kill() }
        _ = try await player.play("figure \(figure) \(name)", plays, to: render.port,
                                  settings: ["PEACH_SOUND_PROGRAM": String(synth.program)])
        try await render.finish()
        let notes = try await PitchMeasurement.notes(of: wav)
        guard notes.count == plays.count else {
            throw BenchFailure("start-up \(render.startUp); measured \(notes.count) notes in \(wav.lastPathComponent), played "
                               + "\(plays.count): \(notes.map { String(format: "%.2f", $0.hertz) })")
        }
        return (notes, render.startUp)
    }

    /// How many notes had gaps, how many units went again and came back clean.
    static func replaySummary(_ measurement: CandidateMeasurement) -> String {
        let gaps = "\(measurement.notesWithGaps) of \(measurement.firstPlays.count) notes had underrun gaps in their steady middle"
        guard let first = measurement.rounds.first else { return gaps + "; none too short a clean stretch to measure" }
        let rounds = measurement.rounds.enumerated().map { index, round in
            "replay \(index + 1): \(round.clean) of \(round.replayed) clean"
        }
        let left = measurement.disturbedLeft
        return gaps + "; \(first.replayed) of \(measurement.units.count) units held a note with too short a clean stretch; "
            + rounds.joined(separator: ", ")
            + (left == 0 ? "" : "; \(left) still disturbed, their first measurement kept")
            + (measurement.replayFailure.map { "; \($0)" } ?? "")
    }

    /// The pitch step a synth resolves, from its measured 0…`span` c staircase: `span` over the
    /// number of distinct levels less one (levels closer than 0.02 c are one).
    static func effectiveStep(_ measured: [Double], span: Double) -> Double {
        let sorted = measured.sorted()
        var levels = 1
        var last = sorted.first ?? 0
        for value in sorted.dropFirst() where value - last > 0.02 {
            levels += 1
            last = value
        }
        return levels > 1 ? span / Double(levels - 1) : span
    }
}
