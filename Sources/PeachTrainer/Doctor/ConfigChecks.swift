/// Does the user's settings file exist and parse? A missing file is fine: the shipped defaults
/// apply.
public struct ConfigFileCheck: DoctorCheck {
    public static let check = "config-file"
    public static let title = "Settings file"

    public let path: String
    public let exists: Bool
    /// The settings layer's warnings about whole files (unreadable YAML), as it words them.
    public let fileProblems: [String]

    public init(path: String, exists: Bool, fileProblems: [String]) {
        self.path = path
        self.exists = exists
        self.fileProblems = fileProblems
    }

    public var finding: DoctorFinding {
        if !fileProblems.isEmpty {
            return .problem(Self.check, Self.title, found: fileProblems.joined(separator: "\n"),
                            fix: "Correct the YAML at the line and column named; meanwhile `peach settings` shows "
                                + "what applies.")
        }
        guard exists else {
            return .ok(Self.check, Self.title,
                       found: "no file at \(path): the shipped defaults apply (`peach settings set KEY VALUE` creates it)")
        }
        return .ok(Self.check, Self.title, found: "\(path) reads fine")
    }
}

/// Is every value usable? The settings layer replaces a refused value by its default and warns;
/// the doctor lists those warnings (each names the file or variable, the key and the value).
public struct SettingValuesCheck: DoctorCheck {
    public static let check = "config-values"
    public static let title = "Setting values"

    public let invalid: [String]

    public init(invalid: [String]) {
        self.invalid = invalid
    }

    public var finding: DoctorFinding {
        guard !invalid.isEmpty else { return .ok(Self.check, Self.title, found: "every value is valid") }
        return .problem(Self.check, Self.title, found: invalid.joined(separator: "\n"),
                        fix: "Correct or remove each value named: `peach settings set KEY VALUE` checks a value before "
                            + "writing it; `peach settings` shows every value and where it came from.")
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
                        fix: "Give each control one meaning and both higher and lower in explicit mode (README: "
                            + "\"Answering from a MIDI controller\"); `peach monitor` shows what each control does.")
    }
}
