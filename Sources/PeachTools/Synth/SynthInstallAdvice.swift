/// What to install when Peach has no synth to play on and none to start: one piece of advice
/// for `peach train`'s error and `peach doctor`'s findings, which gave different ones
/// (FluidSynth with a 140 MB soundfont, amsynth). amsynth comes first: it is the engine
/// `synth.engine auto` starts when installed (exact pitch, Peach's own tone); FluidSynth with
/// a small General MIDI soundfont is for `sound.program` other than 0.
public enum SynthInstallAdvice {
    /// Neither engine is installed.
    public static let noEngine = "sudo apt install amsynth   (or fluidsynth timgm6mb-soundfont for General MIDI sounds)"

    /// The command that installs `engine` with what it needs.
    public static func install(_ engine: SynthEngine) -> String {
        switch engine {
        case .amsynth: "sudo apt install amsynth"
        case .fluidSynth: "sudo apt install fluidsynth timgm6mb-soundfont"
        }
    }

    /// `peach train`'s error when the engine it would start is missing. `named`: synth.engine
    /// names it, so that engine is the advice; with `auto` it was chosen because amsynth is
    /// missing too (auto starts amsynth wherever it is installed), so the advice is `noEngine`.
    public static func notInstalled(_ engine: SynthEngine, named: Bool, nameOne: String) -> String {
        guard named else {
            return "no synth port found and no synth is installed for Peach to start: \(noEngine); or \(nameOne)"
        }
        let what = engine == .amsynth ? "amsynth (synth.engine amsynth) is not installed"
            : "\(engine.name) is not installed (synth.engine \(engine.rawValue))"
        return "no synth port found and \(what): \(install(engine)), set synth.engine to auto, or \(nameOne)"
    }
}
