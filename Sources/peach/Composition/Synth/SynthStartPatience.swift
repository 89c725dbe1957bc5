import PeachTools

/// How long Peach waits for a synth it started, and how it says so while it waits: one
/// patience for `train`, `play` and `doctor`, so doctor never calls a start a problem that
/// training would have waited out.
struct SynthStartPatience: Sendable {
    /// A quiet machine starts amsynth in 2–3 s and FluidSynth with a General MIDI soundfont in
    /// about as long (figure 14); a loaded one, or a small board, takes ten times that. Past
    /// this limit the synth is taken for stuck.
    var limit: Duration = .seconds(90)
    /// How often a line says that the synth is still starting.
    var progressEvery: Duration = .seconds(5)

    /// Says every `progressEvery` that `engine` is still starting, until cancelled.
    func reportProgress(of engine: SynthEngine, to notice: @escaping @Sendable (String) -> Void) -> Task<Void, Never> {
        let every = progressEvery
        return Task {
            let clock = ContinuousClock()
            let start = clock.now
            while (try? await clock.sleep(for: every)) != nil {
                let seconds = Int(((clock.now - start) / .seconds(1)).rounded())
                notice("\(engine.name) is still starting… \(seconds) s")
            }
        }
    }
}
