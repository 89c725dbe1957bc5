/// How one check of `peach doctor` came out.
public enum DoctorVerdict: String, Hashable, Sendable, CaseIterable {
    /// Nothing to do.
    case ok
    /// Peach works, but something may surprise the user; advice may follow.
    case warning
    /// Peach will not work as configured; a fix always follows.
    case problem
}

/// What one check found, and for a problem how to fix it. Made only through `ok`, `warning` and
/// `problem`, so a problem never comes without its fix.
public struct DoctorFinding: Hashable, Sendable, CustomStringConvertible {
    /// A stable identifier for scripts (`--json`), e.g. "sequencer-device".
    public let check: String
    /// What the check is about, for people.
    public let title: String
    public let verdict: DoctorVerdict
    public let found: String
    /// Commands or steps; always present for a problem, optional advice for a warning.
    public let fix: String?

    private init(check: String, title: String, verdict: DoctorVerdict, found: String, fix: String?) {
        self.check = check
        self.title = title
        self.verdict = verdict
        self.found = found
        self.fix = fix
    }

    public static func ok(_ check: String, _ title: String, found: String) -> DoctorFinding {
        DoctorFinding(check: check, title: title, verdict: .ok, found: found, fix: nil)
    }

    public static func warning(_ check: String, _ title: String, found: String, advice: String? = nil) -> DoctorFinding {
        DoctorFinding(check: check, title: title, verdict: .warning, found: found, fix: advice)
    }

    public static func problem(_ check: String, _ title: String, found: String, fix: String) -> DoctorFinding {
        DoctorFinding(check: check, title: title, verdict: .problem, found: found, fix: fix)
    }

    public var description: String {
        "\(verdict.rawValue) \(check): \(found)" + (fix.map { " — fix: \($0)" } ?? "")
    }
}

/// One check of `peach doctor`: a value built from facts the composition root gathered (or
/// closures that gather them), so every verdict can be tested on made-up facts.
public protocol DoctorCheck: Sendable {
    var finding: DoctorFinding { get }
}
