import Foundation

/// Where the two settings files are.
public struct SettingsFileLocations: Hashable, Sendable {
    /// The user's file; it need not exist.
    public var userFile: String
    /// The shipped defaults; nil when none was found (that layer is then empty).
    public var shippedFile: String?

    public init(userFile: String, shippedFile: String?) {
        self.userFile = userFile
        self.shippedFile = shippedFile
    }

    /// Finds both files as the executable should: `explicitUserFile` (from --config) wins
    /// over the XDG location.
    public static func discover(
        environment: [String: String],
        explicitUserFile: String?,
        executablePath: String?,
        homeDirectory: String,
        fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
    ) -> SettingsFileLocations {
        SettingsFileLocations(
            userFile: explicitUserFile.map(absolutePath) ?? userFile(environment: environment, homeDirectory: homeDirectory),
            shippedFile: shippedFile(environment: environment, executablePath: executablePath, fileExists: fileExists)
        )
    }

    /// $XDG_CONFIG_HOME/peach/config.yaml, else ~/.config/peach/config.yaml. The XDG spec
    /// says to ignore an empty or relative XDG_CONFIG_HOME.
    public static func userFile(environment: [String: String], homeDirectory: String) -> String {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
            return base + "/peach/config.yaml"
        }
        return homeDirectory + "/.config/peach/config.yaml"
    }

    /// The first that exists of: $PEACH_SHIPPED_CONFIG; share/peach/peach.yaml beside the
    /// executable's bin folder (where scripts/install puts it: ~/.local/bin/peach reads
    /// ~/.local/share/peach/peach.yaml); config/peach.yaml in the executable's directory or any
    /// above it (a clone runs .build/debug/peach); /etc/peach/peach.yaml;
    /// /usr/share/peach/peach.yaml.
    public static func shippedFile(
        environment: [String: String],
        executablePath: String?,
        fileExists: (String) -> Bool
    ) -> String? {
        var candidates: [String] = []
        if let explicit = environment["PEACH_SHIPPED_CONFIG"], !explicit.isEmpty {
            candidates.append(absolutePath(explicit))
        }
        if let executablePath {
            var directory = URL(fileURLWithPath: executablePath).deletingLastPathComponent().standardizedFileURL
            candidates.append(directory.deletingLastPathComponent().appendingPathComponent("share/peach/peach.yaml").path)
            while true {
                candidates.append(directory.appendingPathComponent("config/peach.yaml").path)
                let parent = directory.deletingLastPathComponent().standardizedFileURL
                if parent.path == directory.path { break }
                directory = parent
            }
        }
        candidates += ["/etc/peach/peach.yaml", "/usr/share/peach/peach.yaml"]
        return candidates.first(where: fileExists)
    }

    /// The running executable with symlinks resolved: /proc/self/exe on Linux, else argv[0].
    public static func currentExecutablePath(arguments: [String] = CommandLine.arguments) -> String? {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return path
        }
        guard let first = arguments.first, first.contains("/") else { return nil }
        return URL(fileURLWithPath: first).resolvingSymlinksInPath().path
    }

    /// Why a file the user named (`--config PATH`) cannot be their settings file: missing, a
    /// folder, a pipe or device, or unreadable; nil when it can be opened (its content is
    /// judged when it is read, like any settings file's).
    public static func problem(openingNamedFile path: String) -> ConfigFileRefusal? {
        ConfigFileText.problem(opening: absolutePath(path))
    }

    /// Relative paths are taken from the current directory.
    static func absolutePath(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
