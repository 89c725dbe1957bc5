import Foundation
import PeachCore
import Testing
@testable import PeachSettings

@Suite("Tuning files")
struct TuningFilesTests {
    /// Equal temperament in cents, the description first.
    static let equal = (["! 12-tet.scl", "12-tone equal temperament", "12"] + (1...11).map { "\($0 * 100).0" } + ["2/1"])
        .joined(separator: "\n")

    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("peach-tunings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a .scl path is read and parsed, a .kbm after a comma anchors it, and the setting writes the path back")
    func scalaFileAndMapping() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scale = folder.appendingPathComponent("12-tet.scl").path
        let map = folder.appendingPathComponent("a415.kbm").path
        try Data(Self.equal.utf8).write(to: URL(fileURLWithPath: scale))
        try Data("0\n0\n127\n60\n69\n415.0\n12\n".utf8).write(to: URL(fileURLWithPath: map))
        let plain = try TuningFiles.tuning(named: scale)
        #expect(plain.name == "12-tone equal temperament")
        #expect(TuningFiles.settingText(of: plain) == scale)
        let anchored = try TuningFiles.tuning(named: "\(scale), \(map)")
        #expect(anchored.frequency(of: DetunedMIDINote(.a4), referencePitch: .concertA).hertz == 415)
        #expect(anchored.identifier != plain.identifier)
        #expect(try TuningFiles.tuning(named: "meantone-1/4") == .quarterCommaMeantone)
    }

    @Test("a missing file, a malformed one and a mapping after a name are refused, saying what and where")
    func refusals() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("none.scl").path
        #expect(throws: DomainValueError.unusableFile(type: "Scala tuning", problem: "\(missing): no such file")) {
            try TuningFiles.tuning(named: missing)
        }
        let bad = folder.appendingPathComponent("bad.scl").path
        try Data("bad\n12\n100.0\nfifth\n".utf8).write(to: URL(fileURLWithPath: bad))
        let error = #expect(throws: DomainValueError.self) { try TuningFiles.tuning(named: bad) }
        #expect(error?.description == "Scala tuning: \(bad):4: \"fifth\" is not a pitch (a ratio like 3/2, a whole number like 2, or cents with a period)")
        #expect(throws: DomainValueError.self) { try TuningFiles.tuning(named: "vallotti,map.kbm") }
    }
}
