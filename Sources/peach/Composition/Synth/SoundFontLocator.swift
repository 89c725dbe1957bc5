import Foundation
import PeachTools

/// Where amsynth, FluidSynth and a General MIDI soundfont are installed (the soundfonts in the order of
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
    var fluidSynth: String? { executable("fluidsynth") }

    /// The `amsynth` executable on PATH, if any.
    var amsynth: String? { executable("amsynth") }

    /// The executable that starts `engine`, if it is installed.
    func executable(of engine: SynthEngine) -> String? {
        switch engine {
        case .amsynth: amsynth
        case .fluidSynth: fluidSynth
        }
    }

    private func executable(_ name: String) -> String? {
        searchPath.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }

    /// The soundfont the setting names (which must exist and be a SoundFont), else the first
    /// usable candidate there is.
    func soundFont(configured: String?) throws(SynthStartError) -> String {
        if let configured {
            guard FileManager.default.isReadableFile(atPath: configured) else { throw .soundFontMissing(configured) }
            if let problem = SoundFontFile.problem(atPath: configured) { throw .soundFontUnusable(configured, problem) }
            return configured
        }
        let installed = candidates.filter { FileManager.default.isReadableFile(atPath: $0) }
        guard let found = installed.first(where: { SoundFontFile.problem(atPath: $0) == nil }) else {
            if let broken = installed.first { throw .soundFontUnusable(broken, SoundFontFile.problem(atPath: broken) ?? "") }
            throw .noSoundFont(searched: candidates)
        }
        return found
    }
}
