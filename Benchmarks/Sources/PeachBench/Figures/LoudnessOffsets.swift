import ALSASequencer
import Foundation
import PeachALSA
import PeachCore
import PeachRig

/// Figure 16: loudness offsets as the listener hears them. The same note at 0, ±3, ±6 and ±10 dB
/// through `ALSANotePlayer` into FluidSynth (rendering to WAV) and amsynth (as Peach starts it,
/// recorded from the VM's snd-aloop card), each offset note right after one at 0 dB so slow
/// drift cancels; the RMS of each note's steady part is measured by scripts/measure-loudness.py.
/// Once with CC 11 (what Peach sends now), once with velocity (what it sent before, and sends an
/// amsynth it did not start) for comparison.
struct LoudnessOffsets: BenchmarkFigure {
    static let number = 16
    static let title = "Loudness offsets"
    static let target = "every offset up to ±10 dB, measured from the rendered RMS, within ±1 dB of the asked one"
    static let needsSequencer = true

    static let bound = 1.0
    static let noteLength: Duration = .milliseconds(1200)
    /// Past the attack (amsynth's is 0.2 s), before the note-off.
    static let window = 0.4...1.0
    /// Silence after each note, so its release (and FluidSynth's reverb) fades before the next.
    static let gap: Duration = .milliseconds(1500)

    func run(_ context: BenchContext) async throws -> FigureResult {
        let offsets: [Double] = context.quick ? [-10, 0] : [3, -3, 6, -6, 10, -10, 0]
        let responses: [LoudnessResponse] = context.quick ? [.expression] : [.expression, .velocity]
        var engines: [LoudnessEngine] = [.fluidSynth]
        var findings: [String] = [], series: [FigureResult.Series] = []
        var table: [[String]] = [["synth", "sent as", "asked", "sent", "measured", "error"]]
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/amsynth") {
            engines.append(.amsynth)
        } else {
            findings.append("amsynth is not installed here: measured FluidSynth only.")
        }
        if context.quick, let last = engines.last, engines.count > 1 {
            // Each synth start costs half a minute under emulation; FluidSynth's path runs in figure 2.
            engines = [last]
            findings.append("Quick mode: \(last.name) only.")
        }
        var judged: [Double] = []
        for engine in engines {
            let measured = try await measure(engine, offsets: offsets, responses: responses, context)
            findings.append(measured.method)
            for (response, pairs) in measured.results {
                let errors = pairs.map { $0.measured - $0.asked }
                let noise = pairs.filter { $0.asked == 0 }.map { abs($0.measured) }
                let method = response == .expression ? "CC 11" : "velocity"
                series.append(FigureResult.Series("\(engine.name), \(method): |measured − asked|", unit: "dB",
                                                  values: errors.map(abs)))
                if response == .expression {
                    judged += errors.map(abs)
                    series.append(FigureResult.Series("\(engine.name): 0 dB twice (noise floor)", role: .baseline, unit: "dB",
                                                      values: noise))
                }
                for pair in pairs {
                    table.append([engine.name, method, Self.signed(pair.asked, 0) + " dB", pair.sent,
                                  Self.signed(pair.measured, 2) + " dB", Self.signed(pair.measured - pair.asked, 2) + " dB"])
                }
            }
        }
        let worst = judged.max() ?? .infinity
        var figure = result(
            series: series,
            verdict: context.verdict(worst <= Self.bound,
                                     "worst |measured − asked| through CC 11 \(Self.format(worst, 2)) dB over "
                                     + engines.map(\.name).joined(separator: " and ") + " (bound \(Self.format(Self.bound, 0)) dB)"),
            findings: [
                "Method: in the VM, one `ALSANotePlayer` (velocity \(TrainingSettings.defaults.velocity.rawValue), channel "
                    + "\(RigSettings.defaults.midiChannel.number)) plays A4 for \(Self.seconds(Self.noteLength)) s, "
                    + "\(Self.seconds(Self.gap)) s apart: for each offset x a note at 0 dB, then one at x dB; measured = "
                    + "level(x) − level(the 0 dB note before it), the RMS from \(Self.window.lowerBound) to "
                    + "\(Self.window.upperBound) s after each onset (scripts/measure-loudness.py). The 0 dB pair is the noise "
                    + "floor. CC 11 = round(71 · 10^(dB/40)) (`ExpressionMapping`); velocity = round(63 · 10^(dB/40)) "
                    + "(`VelocityMapping`).",
            ] + findings)
        figure.table = table
        return figure
    }

    struct Pair {
        let asked: Double
        /// The CC 11 value or the velocity.
        let sent: String
        let measured: Double
    }

    /// Plays every offset after a 0 dB note, once per response, into one render of `engine`.
    private func measure(_ engine: LoudnessEngine, offsets: [Double], responses: [LoudnessResponse],
                         _ context: BenchContext) async throws -> (method: String, results: [(LoudnessResponse, [Pair])]) {
        let home = context.scratch.appendingPathComponent("loudness-\(engine.name)")
        let wav = context.scratch.appendingPathComponent("loudness-\(engine.name).wav")
        context.progress("figure \(Self.number): \(engine.name)")
        let method: String
        let finish: () async throws -> Void
        let kill: () -> Void
        let prefix: String
        if engine.name == LoudnessEngine.fluidSynth.name {
            let render = try FluidSynthRender(renderingTo: wav, id: "bench-loudness")
            prefix = render.clientName
            finish = {
                try await render.caughtUp()
                try await render.quit()
            }
            kill = { render.kill() }
            method = "FluidSynth \(Self.fluidSynthVersion()) renders to WAV (\(render.soundFont), \(engine.tone), gain 0.8, "
                + "reverb and chorus at their defaults)."
        } else {
            let candidate = try LoudnessEngine.amsynthCandidate(home: home)
            let render = try await CandidateRender(candidate, renderingTo: wav, home: home, limit: .seconds(120))
            prefix = candidate.clientPrefix
            finish = { try await render.finish() }
            kill = { render.kill() }
            method = "amsynth \(await CandidateRender.version(of: candidate)) started as Peach starts it (`AmsynthSetup`: "
                + "its config, controller map and bank), \(engine.tone), recorded from the snd-aloop card by arecord."
        }
        defer { kill() }
        let client = try SequencerClient(name: "Peach Bench Loudness")
        defer { client.close() }
        let port = try await LoudnessEngine.port(of: prefix, on: client, limit: .seconds(60))
        try client.connectOutput(to: port.address)
        try await Task.sleep(for: .seconds(1))  // FluidSynth's port comes before its audio
        let velocity = TrainingSettings.defaults.velocity
        let a4 = try Frequency(hertz: 440)
        for response in responses {
            let player = ALSANotePlayer(output: client, configuration: NotePlayerConfiguration(
                sound: try SoundSelection(program: engine.program), bendResponse: engine.bendResponse,
                loudnessResponse: response))
            try player.prepare()
            for offset in offsets {
                context.progress("figure \(Self.number): \(engine.name), \(response), 0 then \(Self.signed(offset, 0)) dB")
                for decibels in [0, offset] {
                    try await player.play(frequency: a4, duration: Self.noteLength, velocity: velocity,
                                          amplitude: try AmplitudeDB(decibels: decibels))
                    try await Task.sleep(for: Self.gap)
                }
            }
        }
        try await finish()
        let measurement = try await LoudnessMeasurement.levels(of: wav, window: Self.window)
        let levels = measurement.levels
        let played = 2 * offsets.count * responses.count
        guard levels.count == played, measurement.peaks.count == played else {
            throw BenchFailure("\(wav.path): measured \(levels.count) notes, played \(played): \(levels)")
        }
        var results: [(LoudnessResponse, [Pair])] = []
        for (index, response) in responses.enumerated() {
            let pairs = offsets.enumerated().map { position, asked in
                let base = 2 * (index * offsets.count + position)
                let amplitude = (try? AmplitudeDB(decibels: asked)) ?? .zero
                let sent = response == .expression
                    ? "CC 11 = \(ExpressionMapping.value(for: amplitude))"
                    : "velocity \(VelocityMapping.velocity(velocity, amplitude: amplitude).rawValue)"
                return Pair(asked: asked, sent: sent, measured: levels[base + 1] - levels[base])
            }
            results.append((response, pairs))
        }
        return (method + " " + Self.absoluteLevels(measurement, offsets: offsets), results)
    }

    /// The CC 11 run's absolute levels: whether the quietest note stands well above the
    /// recording's floor and the loudest stays under full scale (the first run's notes come first).
    static func absoluteLevels(_ measurement: LoudnessMeasurement.Levels, offsets: [Double]) -> String {
        let run = 0..<(2 * offsets.count)
        let zero = run.filter { $0.isMultiple(of: 2) }.map { measurement.levels[$0] }
        let quietest = offsets.indices.min { offsets[$0] < offsets[$1] }
        let peak = run.map { measurement.peaks[$0] }.max() ?? .nan
        let floor = measurement.floor <= -200 ? "digital silence (16-bit quantisation: about −101 dBFS)"
            : format(measurement.floor, 1) + " dBFS"
        var text = "Through CC 11 the 0 dB notes measure \(format(zero.min() ?? .nan, 1))…\(format(zero.max() ?? .nan, 1)) dBFS RMS"
        if let quietest {
            text += ", the \(signed(offsets[quietest], 0)) dB note \(format(measurement.levels[2 * quietest + 1], 1)) dBFS"
        }
        return text + "; the largest sample \(format(peak, 1)) dBFS; between the notes \(floor)."
    }

    static func fluidSynthVersion() -> String {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fluidsynth")
        process.arguments = ["--version"]
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "(version unknown)" }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.firstMatch(of: /version (\d+\.\d+\.\d+)/).map { String($0.1) } ?? "(version unknown)"
    }

    static func seconds(_ duration: Duration) -> String {
        format(Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18, 1)
    }

    static func format(_ value: Double, _ digits: Int) -> String { EndToEndPitch.format(value, digits) }
    static func signed(_ value: Double, _ digits: Int) -> String { EndToEndPitch.signed(value, digits) }
}
