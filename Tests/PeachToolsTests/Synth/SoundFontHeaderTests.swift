import PeachTools
import Testing

@Suite("A SoundFont's header: what FluidSynth would refuse is caught before it starts")
struct SoundFontHeaderTests {
    static func header(size: Int, form: String = "sfbk") -> [UInt8] {
        let chunk = UInt32(size - 8)
        return Array("RIFF".utf8) + (0..<4).map { UInt8(truncatingIfNeeded: chunk >> (8 * $0)) } + Array(form.utf8)
    }

    @Test("a whole SoundFont passes")
    func sound() {
        #expect(SoundFontHeader.problem(header: Self.header(size: 6_000_000), fileSize: 6_000_000) == nil)
    }

    @Test("a text file, an empty file and a RIFF file of another kind are not SoundFonts")
    func notASoundFont() {
        let reasons = [
            SoundFontHeader.problem(header: Array("not a soundfont\n".utf8), fileSize: 16),
            SoundFontHeader.problem(header: [], fileSize: 0),
            SoundFontHeader.problem(header: Self.header(size: 100, form: "WAVE"), fileSize: 100),
        ]
        for reason in reasons { #expect(reason?.contains("not a SoundFont") == true, "\(reason ?? "passed")") }
    }

    @Test("a SoundFont cut short says how much is missing")
    func truncated() {
        let reason = SoundFontHeader.problem(header: Self.header(size: 6_000_000), fileSize: 5_000)
        #expect(reason == "it is cut short: its header says 6000000 bytes, the file has 5000 (an interrupted download?)")
    }
}
