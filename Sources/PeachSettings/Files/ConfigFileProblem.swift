import Foundation

/// Classifies an error from loading a settings file.
enum ConfigFileProblem {
    /// The warning for `error`, or nil when the file merely holds no settings: swift-configuration's
    /// YAMLSnapshot refuses a document without a top-level mapping, but a file of comments
    /// alone (or an empty one) is a legitimate way to set nothing.
    static func warning(
        for error: any Error,
        path: String,
        source: String,
        consequence: String
    ) -> SettingsWarning? {
        if let data = FileManager.default.contents(atPath: path), holdsNoDocument(String(decoding: data, as: UTF8.self)) {
            return nil
        }
        return SettingsWarning(
            kind: .unusableFile,
            source: "\(source) \(path)",
            key: nil,
            value: nil,
            reason: "cannot be read: \(summary(of: error))",
            consequence: consequence
        )
    }

    /// The warning for a file refused before parsing (a folder, too large…).
    static func warning(
        for refusal: ConfigFileRefusal,
        path: String,
        source: String,
        consequence: String
    ) -> SettingsWarning {
        SettingsWarning(kind: .unusableFile, source: "\(source) \(path)", key: nil, value: nil,
                        reason: refusal.description, consequence: consequence)
    }

    /// Only blank lines, comments and document markers.
    static func holdsNoDocument(_ text: String) -> Bool {
        text.split(whereSeparator: \.isNewline).allSatisfy { line in
            let content = line.trimmingWhitespace()
            return content.isEmpty || content.hasPrefix("#") || content == "---" || content == "..."
        }
    }

    /// Yams' position, context and problem, without the source snippet that follows them:
    /// its message is "2:1: error: parser: <context> in line 1, column 15\n<problem>:\n<snippet>".
    static func summary(of error: any Error) -> String {
        var kept: [Substring] = []
        for line in String(describing: error).split(separator: "\n") {
            kept.append(line)
            if line.hasSuffix(":") || kept.count == 3 { break }
        }
        let text = kept.joined(separator: ": ")
        return text.hasSuffix(":") ? String(text.dropLast()) : text
    }
}
