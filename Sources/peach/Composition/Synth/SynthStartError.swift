import PeachTools

/// Why Peach has no synth to play to; printed as "Error: …", exit status 1. Each says how to fix it.
enum SynthStartError: Error, CustomStringConvertible {
    case autoStartOff
    /// The engine to start is missing; `named`: synth.engine names it (not auto).
    case notInstalled(SynthEngine, named: Bool)
    case soundFontMissing(String)
    /// The file is there but FluidSynth could not play from it: `reason` says why.
    case soundFontUnusable(String, String)
    case noSoundFont(searched: [String])
    case exited(SynthEngine, status: String, stderr: String)
    case timedOut(SynthEngine, limit: Duration, stderr: String)
    case noPort(SynthEngine, clientName: String, stderr: String)
    /// amsynth runs and has its port, but its audio output did not open.
    case noAudio(SynthEngine, stderr: String)
    /// Its private folder could not be made.
    case folder(SynthEngine, String)
    case setup(AmsynthSetupError)

    private static let nameOne = "name a synth with --to or midi.outputPort (`peach ports` lists the ports)"

    var description: String {
        switch self {
        case .autoStartOff:
            "no synth port found and synth.autoStart is false: \(Self.nameOne), or start a synth first"
        case .notInstalled(let engine, let named):
            SynthInstallAdvice.notInstalled(engine, named: named, nameOne: Self.nameOne)
        case .soundFontMissing(let path):
            "synth.soundFont names \"\(path)\", which is not a readable file: install it, correct the setting, "
                + "or leave it empty to use the first General MIDI soundfont installed"
        case .soundFontUnusable(let path, let reason):
            "the soundfont \"\(path)\" cannot be used: \(reason). Point synth.soundFont at a whole .sf2 or .sf3 file, "
                + "or leave it empty to use the first General MIDI soundfont installed"
        case .noSoundFont(let searched):
            "FluidSynth is installed but no General MIDI soundfont is (looked for \(searched.joined(separator: ", "))): "
                + "install one (sudo apt install timgm6mb-soundfont), set synth.soundFont, or \(Self.nameOne)"
        case .exited(let engine, let status, let stderr):
            "\(engine.name) \(status) before it was ready: check synth.audioDriver"
                + (engine == .fluidSynth ? " and synth.soundFont" : "") + " (`peach doctor`), or \(Self.nameOne)"
                + Self.said(stderr, by: engine)
        case .timedOut(let engine, let limit, let stderr):
            "\(engine.name) was not ready within \(limit), so Peach stopped it: check synth.audioDriver (a sound server "
                + "that does not answer?), or \(Self.nameOne)" + Self.said(stderr, by: engine)
        case .noPort(let engine, let clientName, let stderr):
            "\(engine.name) started without a sequencer port (no client \"\(clientName)\"), so Peach stopped it: "
                + "`peach doctor` checks the sequencer, or \(Self.nameOne)" + Self.said(stderr, by: engine)
        case .noAudio(let engine, let stderr):
            "\(engine.name) started but could not open its audio output, so Peach stopped it: check synth.audioDriver "
                + "(`peach doctor`), or \(Self.nameOne)" + Self.said(stderr, by: engine)
        case .folder(let engine, let reason):
            "cannot prepare \(engine.name)'s folder: \(reason)"
        case .setup(let error):
            error.description
        }
    }

    /// The synth's own words, indented under ours.
    private static func said(_ stderr: String, by engine: SynthEngine) -> String {
        stderr.isEmpty ? "" : ". \(engine.name) said:\n" + stderr.split(separator: "\n").map { "  \($0)" }.joined(separator: "\n")
    }
}
