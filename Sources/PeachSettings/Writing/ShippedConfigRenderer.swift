/// Renders config/peach.yaml from the catalogue; a test keeps the shipped file identical to
/// this, so the file's defaults and comments cannot drift from the code.
public enum ShippedConfigRenderer {
    public static func render(_ settings: [AnySettingDescriptor] = SettingsCatalogue.all) -> String {
        var lines = [
            "# Peach settings: every key with its built-in default.",
            "#",
            "# Generated from SettingsCatalogue (Sources/PeachSettings); the tests keep this file",
            "# identical to it. Do not edit it to change a setting: put the key into",
            "# $XDG_CONFIG_HOME/peach/config.yaml (~/.config/peach/config.yaml), run",
            "# `peach settings set KEY VALUE`, or set the environment variable named in brackets.",
            "# Precedence: environment, then the user's file, then this file, then the built-in default.",
        ]
        var openGroup: [String] = []
        for setting in settings {
            let components = setting.components
            let group = Array(components.dropLast())
            if group != openGroup || group.isEmpty {
                lines.append("")
                // Opens each parent mapping not already open (keys of a group stay adjacent).
                let shared = zip(group, openGroup).prefix { $0 == $1 }.count
                for depth in shared..<group.count {
                    lines.append(indentation(depth) + group[depth] + ":")
                }
                openGroup = group
            }
            let indent = indentation(group.count)
            lines.append(indent + "# \(setting.comment) [\(setting.environmentVariable)]")
            lines.append(indent + components[components.count - 1] + ": " + setting.yamlValue(forCanonical: setting.defaultText))
        }
        return lines.map { $0 + "\n" }.joined()
    }

    private static func indentation(_ depth: Int) -> String {
        String(repeating: "  ", count: depth)
    }
}
