import Foundation
import PeachSettings

/// A user file and a shipped file in a temporary directory, and the settings reading them.
struct SettingsFixture {
    static let userFile = "home/.config/peach/config.yaml"
    static let shippedFile = "share/peach.yaml"

    let directory: TemporaryDirectory
    let collector = WarningCollector()

    /// Every warning the settings reported so far.
    var warnings: [SettingsWarning] { collector.warnings }

    init() throws {
        directory = try TemporaryDirectory()
    }

    var userPath: String { directory.path(Self.userFile) }
    var shippedPath: String { directory.path(Self.shippedFile) }
    var files: SettingsFileLocations { SettingsFileLocations(userFile: userPath, shippedFile: shippedPath) }

    func writeUser(_ yaml: String, modified: Date = Date(timeIntervalSince1970: 1_000_000)) throws {
        try directory.write(yaml, to: Self.userFile, modified: modified)
    }

    func writeShipped(_ yaml: String) throws {
        try directory.write(yaml, to: Self.shippedFile)
    }

    func makeSettings(environment: [String: String] = [:]) async -> LayeredUserSettings {
        await LayeredUserSettings(environment: environment, files: files, warningSink: collector.sink)
    }

    func remove() {
        directory.remove()
    }
}

/// `key: value` as YAML, nesting a dotted key the way users write it.
func yaml(_ key: String, _ value: String) -> String {
    let components = key.split(separator: ".").map(String.init)
    var lines: [String] = []
    for (depth, component) in components.enumerated() {
        let indent = String(repeating: "  ", count: depth)
        lines.append(indent + component + ":" + (depth == components.count - 1 ? " " + value : ""))
    }
    return lines.joined(separator: "\n") + "\n"
}

/// The date an edit is stamped with: distinct per step, so each edit counts as a change.
func edit(_ step: Int) -> Date {
    Date(timeIntervalSince1970: 1_000_000 + Double(step) * 60)
}
