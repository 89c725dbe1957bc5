/// Where a General MIDI soundfont for FluidSynth is looked for when synth.soundFont is empty:
/// the one list that starting FluidSynth and `peach doctor` share, so doctor approves exactly
/// what Peach would load.
public enum GeneralMIDISoundFonts {
    /// Debian's first: `default-GM` is the alternatives link to the preferred installed one,
    /// then fluid-soundfont-gm's and timgm6mb-soundfont's own files; then other distributions'.
    public static let searchPaths = [
        "/usr/share/sounds/sf2/default-GM.sf2",
        "/usr/share/sounds/sf2/FluidR3_GM.sf2",
        "/usr/share/sounds/sf2/TimGM6mb.sf2",
        "/usr/share/sounds/sf3/default-GM.sf3",
        "/usr/share/soundfonts/default.sf2",
        "/usr/share/soundfonts/FluidR3_GM.sf2",
    ]
}
