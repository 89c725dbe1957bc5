import Foundation

/// Where FluidSynth and a General MIDI soundfont are installed. Debian's packages first:
/// default-GM.sf2 is the alternative the system points at whichever GM soundfont is installed,
/// then fluid-soundfont-gm and timgm6mb-soundfont themselves; then other distributions' places.
struct SoundFontLocator: Sendable {
    static let candidates = [
        "/usr/share/sounds/sf2/default-GM.sf2",
        "/usr/share/sounds/sf2/FluidR3_GM.sf2",
        "/usr/share/sounds/sf2/TimGM6mb.sf2",
        "/usr/share/soundfonts/default.sf2",
        "/usr/share/soundfonts/FluidR3_GM.sf2",
    ]

    /// The PATH to search for `fluidsynth`.
    let searchPath: String
    let candidates: [String]

    init(environment: [String: String], candidates: [String] = Self.candidates) {
        searchPath = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        self.candidates = candidates
    }

    /// The `fluidsynth` executable on PATH, if any.
    var fluidSynth: String? {
        searchPath.split(separator: ":").map { "\($0)/fluidsynth" }.first { access($0, X_OK) == 0 }
    }

    /// The soundfont the setting names (which must exist), else the first candidate there is.
    func soundFont(configured: String?) throws(SynthStartError) -> String {
        if let configured {
            guard FileManager.default.isReadableFile(atPath: configured) else { throw .soundFontMissing(configured) }
            return configured
        }
        guard let found = candidates.first(where: { FileManager.default.isReadableFile(atPath: $0) }) else {
            throw .noSoundFont(searched: candidates)
        }
        return found
    }
}
