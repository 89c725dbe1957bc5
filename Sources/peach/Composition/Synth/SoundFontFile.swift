import Foundation
import PeachTools

/// Reads a soundfont's header from disk for `SoundFontHeader`: the same check for doctor and
/// for the FluidSynth Peach starts.
enum SoundFontFile {
    /// Why the file at `path` is no usable SoundFont; nil when it is one (or cannot be read:
    /// that is said elsewhere, as a missing file).
    static func problem(atPath path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: SoundFontHeader.length)).map { [UInt8]($0) } ?? []
        let size = (try? handle.seekToEnd()).map { Int($0) } ?? 0
        return SoundFontHeader.problem(header: header, fileSize: size)
    }
}
