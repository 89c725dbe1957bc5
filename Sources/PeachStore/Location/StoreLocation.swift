import Foundation

/// Where the training database lives.
///
/// The folder is, first found: `--data-dir`, `PEACH_DATA_DIR`, `$XDG_DATA_HOME/peach`
/// (an absolute path only, as the XDG spec requires), `~/.local/share/peach`.
/// The file in it is always `peach.sqlite`.
public struct StoreLocation: Hashable, Sendable, CustomStringConvertible {
    public static let fileName = "peach.sqlite"
    public static let environmentVariable = "PEACH_DATA_DIR"

    public let directory: URL

    public init(directory: URL) {
        self.directory = directory.standardizedFileURL
    }

    public static func resolve(dataDirOption: String?, environment: [String: String], homeDirectory: String) -> StoreLocation {
        if let option = nonEmpty(dataDirOption) { return StoreLocation(directory: URL(fileURLWithPath: option)) }
        if let variable = nonEmpty(environment[environmentVariable]) {
            return StoreLocation(directory: URL(fileURLWithPath: variable))
        }
        if let xdg = nonEmpty(environment["XDG_DATA_HOME"]), xdg.hasPrefix("/") {
            return StoreLocation(directory: URL(fileURLWithPath: xdg).appendingPathComponent("peach"))
        }
        return StoreLocation(directory: URL(fileURLWithPath: homeDirectory)
            .appendingPathComponent(".local/share/peach"))
    }

    public var databaseURL: URL { directory.appendingPathComponent(Self.fileName) }
    public var databasePath: String { databaseURL.path }
    public var description: String { databasePath }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
