import Foundation
import PeachTrainer

/// Where FluidSynth and a General MIDI soundfont are installed (the soundfonts in the order of
/// `GeneralMIDISoundFonts`, which `peach doctor` checks too).
struct SoundFontLocator: Sendable {
    /// The PATH to search for `fluidsynth`.
    let searchPath: String
    let candidates: [String]

    init(environment: [String: String], candidates: [String] = GeneralMIDISoundFonts.searchPaths) {
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
