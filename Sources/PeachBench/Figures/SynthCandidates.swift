import Foundation

/// Figure 14: the synths that could replace FluidSynth as Peach's default (issue 12), each an
/// ALSA sequencer client in the VM with no display and no sound card, measured as figure 2
/// measures FluidSynth: `peach play … --to` the synth, the render's fundamentals by
/// scripts/measure-pitch.py. Per synth, in one render: one undetuned A4, A4 +0…3 c and −0.1…−3 c
/// in 0.1 c steps (its step function and sign bias), then odd pitches in both tuning systems,
/// each between its MIDI note undetuned and the same note again (the noise floor).
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
        // Equal-tempered odd offsets, just intervals over C4 as offsets, a just ratio of A4 as a frequency.
        let probes = context.quick ? [all[0]] : [all[0], all[1], all[3], all[10], all[11], all[15]]
        let upward: [Double] = context.quick ? [0, 0.3] : (0...30).map { Double($0) / 10 }
        let steps = upward + upward.dropFirst().map { -$0 }

        var series: [FigureResult.Series] = [], findings: [String] = [], rows: [String] = []
        var best: (name: String, worst: Double)?
        for synth in try CandidateSynth.selected(ProcessInfo.processInfo.environment[CandidateSynth.selection]) {
            let version = await CandidateRender.version(of: synth)
            let label = "\(synth.name) \(version)"
            context.progress("figure \(Self.number): \(label)")
            let wav = context.scratch.appendingPathComponent("\(synth.name).wav")
            let render: CandidateRender
            do {
                render = try await CandidateRender(synth, renderingTo: wav, home: context.scratch.appendingPathComponent(synth.name),
                                                   limit: Self.startUpLimit)
            } catch {
                rows.append("\(label): could not be measured: \(error)")
                continue
            }
            defer { render.kill() }
            let plays = [["A4"]] + steps.map { ["A4", "--cents", String(format: "%.1f", $0)] }
                + probes.flatMap { [[String($0.referenceNote)], $0.arguments, [String($0.referenceNote)]] }
            _ = try await player.play("figure \(Self.number) \(synth.name)", plays, to: render.port,
                                      settings: ["PEACH_SOUND_PROGRAM": String(synth.program)])
            try await render.finish()
            let hertz = try await PitchMeasurement.hertz(of: wav)
            let startUp = Double(render.startUp.components.seconds) + Double(render.startUp.components.attoseconds) / 1e18
            guard hertz.count == plays.count else {
                rows.append("\(label): start-up \(EndToEndPitch.format(startUp, 1)) s; measured \(hertz.count) notes, played "
                            + "\(plays.count): \(hertz.map { String(format: "%.2f", $0) })")
                continue
            }

            let stepMeasured = hertz[1...steps.count].map { EndToEndPitch.cents($0, from: hertz[0]) }
            let stepErrors = zip(steps, stepMeasured).map { abs($1 - $0) }
            let signed = Dictionary(uniqueKeysWithValues: zip(steps, zip(steps, stepMeasured).map { $1 - $0 }))
            let pairBiases = upward.dropFirst().compactMap { x in signed[x].flatMap { up in signed[-x].map { (up + $0) / 2 } } }
            let bias = pairBiases.isEmpty ? 0 : pairBiases.reduce(0, +) / Double(pairBiases.count)
            var probeErrors: [Double] = [], noise: [Double] = [], probeLines: [String] = []
            for (index, probe) in probes.enumerated() {
                let base = 1 + steps.count + 3 * index
                let measured = EndToEndPitch.cents(hertz[base + 1], from: hertz[base])
                probeErrors.append(abs(measured - probe.intendedCents))
                noise.append(abs(EndToEndPitch.cents(hertz[base + 2], from: hertz[base])))
                probeLines.append("\(probe.label) \(EndToEndPitch.signed(probe.intendedCents, 3))→\(EndToEndPitch.signed(measured, 2))")
            }
            let worst = max(stepErrors.max() ?? 0, probeErrors.max() ?? 0)
            let step = Self.effectiveStep(Array(stepMeasured.prefix(upward.count)), span: upward.last ?? 0)
            series += [
                FigureResult.Series("\(synth.name): step function A4 ±0…3 c, error", unit: "c", values: stepErrors),
                FigureResult.Series("\(synth.name): odd pitches, error", unit: "c", values: probeErrors),
                FigureResult.Series("\(synth.name): same note twice (noise floor)", role: .baseline, unit: "c", values: noise),
            ]
            rows.append("\(label): step \(EndToEndPitch.format(step, 2)) c, sign bias \(EndToEndPitch.signed(bias, 3)) c, worst "
                        + "\(EndToEndPitch.format(worst, 3)) c, noise floor \(EndToEndPitch.format(noise.max() ?? 0, 3)) c, start-up "
                        + "\(EndToEndPitch.format(startUp, 1)) s, headless (\(synth.capture == .file ? "writes WAV itself" : "ALSA to snd-aloop, arecord")); "
                        + "tone: \(synth.tone)")
            findings.append("\(label) steps (intended→measured, c): "
                            + zip(steps, stepMeasured).map { "\(EndToEndPitch.format($0, 1))→\(EndToEndPitch.format($1, 2))" }
                                .joined(separator: " ")
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
                       + "it says so, its ready message). FluidSynth 2.3.1 is figure 2."]
                + rows + findings)
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
