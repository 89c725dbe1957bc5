/// Does the user's settings file exist and parse? A missing file is fine (the shipped defaults
/// apply) unless the user named it with --config: then nothing they meant applies.
public struct ConfigFileCheck: DoctorCheck {
    public static let check = "config-file"
    public static let title = "Settings file"

    public let path: String
    public let exists: Bool
    /// Named with --config rather than found at the usual place.
    public let named: Bool
    /// The settings layer's warnings about whole files (unreadable YAML, a folder, a file too
    /// large), as it words them.
    public let fileProblems: [String]

    public init(path: String, exists: Bool, named: Bool = false, fileProblems: [String]) {
        self.path = path
        self.exists = exists
        self.named = named
        self.fileProblems = fileProblems
    }

    public var finding: DoctorFinding {
        if !fileProblems.isEmpty {
            return .problem(Self.check, Self.title, found: fileProblems.joined(separator: "\n"),
                            fix: "Fix what is named (the YAML at the line and column given, or the file itself); "
                                + "meanwhile `peach settings` shows what applies.")
        }
        guard exists else {
            if named {
                return .problem(Self.check, Self.title, found: "no file at \(path), named by --config",
                                fix: "Check the path; `peach settings set KEY VALUE --config \(path)` creates the file.")
            }
            return .ok(Self.check, Self.title,
                       found: "no file at \(path): the shipped defaults apply (`peach settings set KEY VALUE` creates it)")
        }
        return .ok(Self.check, Self.title, found: "\(path) reads fine")
    }
}

/// Does every key of the settings files name a setting? A misspelt key is read by nothing, so
/// what it meant to set keeps its default.
public struct SettingKeysCheck: DoctorCheck {
    public static let check = "config-keys"
    public static let title = "Setting names"

    /// The settings layer's warnings about unknown keys, each with its file, line and the
    /// nearest known key.
    public let unknown: [String]

    public init(unknown: [String]) {
        self.unknown = unknown
    }

    public var finding: DoctorFinding {
        guard !unknown.isEmpty else { return .ok(Self.check, Self.title, found: "every key is a setting") }
        return .warning(Self.check, Self.title, found: unknown.joined(separator: "\n"),
                        advice: "Correct each key named (the nearest setting is suggested) or remove it; "
                            + "`peach settings` lists every setting.")
    }
}

/// Is every value usable? The settings layer replaces a refused value by its default and warns;
/// the doctor lists those warnings (each names the file or variable, the key and the value).
/// A value clamped into its range (noteDuration) applies, so it is a warning, not a problem.
public struct SettingValuesCheck: DoctorCheck {
    public static let check = "config-values"
    public static let title = "Setting values"

    public let invalid: [String]
    public let clamped: [String]

    public init(invalid: [String], clamped: [String] = []) {
        self.invalid = invalid
        self.clamped = clamped
    }

    public var finding: DoctorFinding {
        let found = (invalid + clamped).joined(separator: "\n")
        if !invalid.isEmpty {
            return .problem(Self.check, Self.title, found: found,
                            fix: "Correct or remove each value named: `peach settings set KEY VALUE` checks a value "
                                + "before writing it; `peach settings` shows every value and where it came from.")
        }
        if !clamped.isEmpty {
            return .warning(Self.check, Self.title, found: found,
                            advice: "Write a value within the range named, so the file says what applies.")
        }
        return .ok(Self.check, Self.title, found: "every value is valid")
    }
}

/// Do the controller.* keys fit together (and is each valid)? When they do not, the whole
/// mapping falls back to the defaults.
public struct ControllerMappingCheck: DoctorCheck {
    public static let check = "controller-mapping"
    public static let title = "Controller mapping"

    /// The settings layer's warnings about controller keys.
    public let problems: [String]
    /// The mapping in effect, one line per meaning.
    public let summary: [String]

    public init(problems: [String], summary: [String]) {
        self.problems = problems
        self.summary = summary
    }

    public var finding: DoctorFinding {
        guard !problems.isEmpty else {
            return .ok(Self.check, Self.title, found: summary.joined(separator: "; "))
        }
        return .problem(Self.check, Self.title,
                        found: problems.joined(separator: "\n"),
                        fix: "Give each control one meaning and both higher and lower in explicit mode (user guide, "
                            + "docs/guide.md: \"Answering from a MIDI controller\"); `peach monitor` shows what each control does.")
    }
}
