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

    /// `peach train`'s error when the engine it would start is missing; `otherInstalled`:
    /// whether the other engine is (then only this one is missing).
    public static func notInstalled(_ engine: SynthEngine, otherInstalled: Bool, nameOne: String) -> String {
        guard otherInstalled else {
            return "no synth port found and no synth is installed for Peach to start: \(noEngine); or \(nameOne)"
        }
        let setting = engine == .amsynth ? "synth.engine amsynth" : "synth.engine \(engine.rawValue)"
        return "no synth port found and \(engine.name) (\(setting)) is not installed: \(install(engine)), "
            + "set synth.engine to auto, or \(nameOne)"
    }
}
