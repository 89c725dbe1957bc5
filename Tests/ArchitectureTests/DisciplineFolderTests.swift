import Foundation
import Testing

/// Issue 28's measure of "one discipline, one folder": a discipline is named outside its own
/// folders only where the disciplines are listed (the modes, the record kinds, the command's help,
/// the settings' and the walk-through's words), never in the shared machinery.
@Suite("a discipline lives in its folders: rhythm matching is named in at most 8 files outside them")
struct DisciplineFolderTests {
    /// Folders whose name starts with "Rhythm" hold the rhythm disciplines' code.
    static func outsideRhythmFolders(_ path: String) -> Bool {
        !path.split(separator: "/").dropLast().contains { $0.hasPrefix("Rhythm") }
    }

    static func namesRhythmMatching(_ text: String) -> Bool {
        text.range(of: #"rhythm ?-?matching"#, options: [.regularExpression, .caseInsensitive]) != nil
    }

    @Test func rhythmMatchingIsNamedInFewSharedFiles() throws {
        let sources = try DeclaredImports.swiftSources(under: "Sources")
        #expect(sources.count > 300, "found only \(sources.count) files under Sources")
        let naming = sources.filter { Self.outsideRhythmFolders($0.path) && Self.namesRhythmMatching($0.text) }.map(\.path)
        #expect(naming.count <= 8, "\(naming.count) files outside a rhythm folder name rhythm matching:\n\(naming.sorted().joined(separator: "\n"))")
    }

    @Test("the measure sees a name in code, in a comment and in text, and a folder by its name", arguments: [
        ("let mode = TrainingMode.rhythmMatching", true), ("// rhythm matching's pad", true),
        ("\"rhythm-matching\"", true), ("let rhythmOffset = 1", false),
    ])
    func theMeasureFindsTheName(text: String, names: Bool) {
        #expect(Self.namesRhythmMatching(text) == names)
    }

    @Test func foldersAreRecognised() {
        #expect(!Self.outsideRhythmFolders("Sources/PeachTrainer/Disciplines/RhythmMatching/RhythmMatchingTrials.swift"))
        #expect(!Self.outsideRhythmFolders("Sources/peach/Commands/Rhythm/CalibrateCommand.swift"))
        #expect(Self.outsideRhythmFolders("Sources/PeachCore/Training/TrainingMode.swift"))
        #expect(Self.outsideRhythmFolders("Sources/PeachCore/Training/RhythmLike.swift"))
    }
}
