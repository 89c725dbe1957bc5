import Foundation

/// Plays notes one after the other with `peach play` into a FluidSynth rendering to WAV, then
/// measures the render: one frequency per note, in order.
struct PlayRenderer {
    struct Render {
        /// What `peach play` sent (its "MIDI note N") and the fundamental measured in the WAV.
        let notes: [(midiNote: Int, hertz: Double)]
        let soundFont: String
        let fluidSynthVersion: String

        /// The first `count` notes, as if rendered alone.
        func prefix(_ count: Int) -> Render {
            Render(notes: Array(notes.prefix(count)), soundFont: soundFont, fluidSynthVersion: fluidSynthVersion)
        }

        /// The notes after the first `count`, as if rendered alone.
        func dropFirst(_ count: Int) -> Render {
            Render(notes: Array(notes.dropFirst(count)), soundFont: soundFont, fluidSynthVersion: fluidSynthVersion)
        }
    }

    /// Silence after each note, so its release fades before the next onset and the notes separate.
    static let gap: Duration = .milliseconds(600)

    let context: BenchContext
    let seconds: Double

    init(_ context: BenchContext, seconds: Double) {
        self.context = context
        self.seconds = seconds
    }

    /// Each of `plays` is the arguments of one `peach play` (a note, a frequency, an offset).
    func render(_ name: String, _ plays: [[String]]) async throws -> Render {
        let wav = context.scratch.appendingPathComponent("\(name).wav")
        let synth = try FluidSynthRender(renderingTo: wav, id: "bench-\(name)")
        defer { synth.kill() }
        let midiNotes = try await play(name, plays, to: synth.clientName, settings: [
            "PEACH_SOUND_PROGRAM": "79",          // ocarina: a steady tone without vibrato
        ])
        try await synth.caughtUp()
        try await synth.quit()
        let hertz = try await PitchMeasurement.hertz(of: wav)
        guard hertz.count == plays.count else {
            throw BenchFailure("\(wav.path): measured \(hertz.count) notes, played \(plays.count): \(hertz)")
        }
        return Render(notes: Array(zip(midiNotes, hertz)), soundFont: synth.soundFont,
                      fluidSynthVersion: await Self.fluidSynthVersion())
    }

    /// Plays each of `plays` with its own `peach play` to `port`, one after the other; returns the
    /// MIDI note each said it sent. `settings` add to (or override) the ones every render uses.
    func play(_ name: String, _ plays: [[String]], to port: String, settings: [String: String]) async throws -> [Int] {
        let settings = [
            "PEACH_VELOCITY": "100",
            "PEACH_REFERENCE_PITCH": "440",
            "PEACH_MIDI_PITCH_BEND_RANGE": "2",
            "PEACH_MIDI_PORT_WAIT": "30",         // the first play waits for the synth's port
        ].merging(settings) { $1 }
        var midiNotes: [Int] = []
        for (index, arguments) in plays.enumerated() {
            context.progress("\(name) \(index + 1)/\(plays.count): peach play \(arguments.joined(separator: " "))")
            let play = try PeachProcess(context, ["play"] + arguments + ["--duration", String(seconds), "--to", port],
                                        settings: settings, folder: "\(name)-\(index)")
            try await play.succeeded(within: .seconds(60))
            let printed = (try? String(contentsOf: play.folder.appendingPathComponent("stdout.txt"), encoding: .utf8)) ?? ""
            guard let match = printed.firstMatch(of: /MIDI note (\d+)/), let note = Int(match.1) else {
                throw BenchFailure("peach play \(arguments.joined(separator: " ")) did not say which MIDI note it sent\n\(play.output)")
            }
            midiNotes.append(note)
            try await Task.sleep(for: Self.gap)
        }
        return midiNotes
    }

    /// "2.3.1", from `fluidsynth --version`.
    private static func fluidSynthVersion() async -> String {
        guard let child = try? await ChildOutput.run(URL(fileURLWithPath: "/usr/bin/fluidsynth"), ["--version"]),
              let match = child.stdout.firstMatch(of: /version (\d+\.\d+\.\d+)/) else { return "(version unknown)" }
        return String(match.1)
    }
}
