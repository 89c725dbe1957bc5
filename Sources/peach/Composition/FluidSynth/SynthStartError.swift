/// Why Peach has no synth to play to; printed as "Error: …", exit status 1. Each says how to fix it.
enum SynthStartError: Error, CustomStringConvertible {
    case autoStartOff
    case notInstalled
    case soundFontMissing(String)
    case noSoundFont(searched: [String])
    case exited(status: String, stderr: String)
    case timedOut(limit: Duration, stderr: String)
    case noPort(clientName: String, stderr: String)

    private static let nameOne = "name a synth with --to or midi.outputPort (`peach ports` lists the ports)"

    var description: String {
        switch self {
        case .autoStartOff:
            "no synth port found and synth.autoStart is false: \(Self.nameOne), or start a synth first"
        case .notInstalled:
            "no synth port found and FluidSynth is not installed: install fluidsynth and a General MIDI soundfont "
                + "(apt install fluidsynth fluid-soundfont-gm), or \(Self.nameOne)"
        case .soundFontMissing(let path):
            "synth.soundFont names \"\(path)\", which is not a readable file: install it, correct the setting, "
                + "or leave it empty to use the first General MIDI soundfont installed"
        case .noSoundFont(let searched):
            "FluidSynth is installed but no General MIDI soundfont is (looked for \(searched.joined(separator: ", "))): "
                + "install fluid-soundfont-gm or timgm6mb-soundfont, set synth.soundFont, or \(Self.nameOne)"
        case .exited(let status, let stderr):
            "FluidSynth \(status) before it was ready: check synth.audioDriver and synth.soundFont (`peach doctor`), "
                + "or \(Self.nameOne)" + Self.said(stderr)
        case .timedOut(let limit, let stderr):
            "FluidSynth was not ready within \(limit), so Peach stopped it: check synth.audioDriver (a sound server "
                + "that does not answer?), or \(Self.nameOne)" + Self.said(stderr)
        case .noPort(let clientName, let stderr):
            "FluidSynth started without a sequencer port (no client \"\(clientName)\"), so Peach stopped it: "
                + "`peach doctor` checks the sequencer, or \(Self.nameOne)" + Self.said(stderr)
        }
    }

    /// FluidSynth's own words, indented under ours.
    private static func said(_ stderr: String) -> String {
        stderr.isEmpty ? "" : ". FluidSynth said:\n" + stderr.split(separator: "\n").map { "  \($0)" }.joined(separator: "\n")
    }
}
