/// Whether a file can be the SoundFont FluidSynth loads, from its first 12 bytes and its size.
///
/// A SoundFont 2 (or 3) file is one RIFF chunk of form type "sfbk" (SoundFont 2.04 spec,
/// section 4): "RIFF", the chunk's size as a little-endian UInt32 (the file's size less those 8
/// bytes), "sfbk". FluidSynth refuses anything else, and a file shorter than its header says (a
/// download cut short) ("SoundFont file size mismatch"); both then leave training silent, so
/// they are caught before FluidSynth starts.
public enum SoundFontHeader {
    /// How many bytes `problem(header:fileSize:)` needs.
    public static let length = 12

    /// Why the file is no usable SoundFont; nil when its header is sound.
    public static func problem(header: [UInt8], fileSize: Int) -> String? {
        guard header.count >= length, Array(header[0..<4]) == Array("RIFF".utf8), Array(header[8..<12]) == Array("sfbk".utf8) else {
            return "it is not a SoundFont (no RIFF \"sfbk\" header: an .sf2 or .sf3 file is needed)"
        }
        let declared = header[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) } + 8
        guard declared == fileSize else {
            return declared > fileSize
                ? "it is cut short: its header says \(declared) bytes, the file has \(fileSize) (an interrupted download?)"
                : "it is longer than its header says (\(fileSize) bytes, not \(declared)): not one SoundFont"
        }
        return nil
    }
}
