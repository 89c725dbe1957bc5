import Foundation
import Testing

/// A file of the repository generated from the code (config/peach.yaml, docs/settings.md): its
/// test fails when the file differs from the rendering, saying how to regenerate it.
enum GeneratedFile {
    /// The repository root, found from this file: Tests/PeachSettingsTests/Support/GeneratedFile.swift.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String {
        repository.appendingPathComponent(relative).path
    }

    /// Expects the file at `relative` to be byte for byte `rendering`.
    static func expect(_ relative: String, toBe rendering: String, regenerateWith command: String,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let data = try #require(FileManager.default.contents(atPath: path(relative)), "missing \(path(relative))",
                                sourceLocation: sourceLocation)
        #expect(data == Data(rendering.utf8), "regenerate with: \(command)", sourceLocation: sourceLocation)
    }
}
