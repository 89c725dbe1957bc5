import Foundation

/// What the doctor learnt about the training database, without creating or changing it.
public enum StoreFacts: Hashable, Sendable {
    /// No peach.sqlite yet; the first training creates it (in a folder it can create or write).
    case absent(path: String, folderUsable: Bool)
    /// The file exists but cannot be opened or read; the store's own message, naming the file.
    case unusable(path: String, reason: String)
    case present(StoreSummary)
}

public struct StoreSummary: Hashable, Sendable {
    public let path: String
    /// SQLite's integrity check: ["ok"] when sound, else its first complaints.
    public let integrity: [String]
    /// The named migrations the file has, in order applied.
    public let appliedMigrations: [String]
    /// The migrations this peach knows, in order.
    public let knownMigrations: [String]
    /// Per discipline: its name and how many records of it are stored.
    public let records: [RecordTally]
    /// The file and its folder may be written (a trial could be saved).
    public let writable: Bool

    public init(path: String, integrity: [String], appliedMigrations: [String], knownMigrations: [String],
                records: [RecordTally], writable: Bool) {
        self.path = path
        self.integrity = integrity
        self.appliedMigrations = appliedMigrations
        self.knownMigrations = knownMigrations
        self.records = records
        self.writable = writable
    }
}

/// A discipline's name and how many of its records are stored.
public struct RecordTally: Hashable, Sendable {
    public let name: String
    public let count: Int

    public init(name: String, count: Int) {
        self.name = name
        self.count = count
    }
}

/// Does peach.sqlite open, pass SQLite's integrity check and carry a schema this peach knows?
public struct StoreCheck: DoctorCheck {
    public static let check = "store"
    public static let title = "Training records"

    public let facts: StoreFacts

    public init(facts: StoreFacts) {
        self.facts = facts
    }

    private static let moveAside = "It was left untouched. Move it aside to start afresh "
        + "(mv FILE FILE.broken), or restore a backup; `peach export` keeps the records of a sound file."

    public var finding: DoctorFinding {
        switch facts {
        case .absent(let path, true):
            return .ok(Self.check, Self.title, found: "no records yet: \(path) is created by the first training")
        case .absent(let path, false):
            return .problem(Self.check, Self.title,
                            found: "\(path) does not exist and its folder cannot be created or written",
                            fix: "Fix the folder's permissions, or choose another with --data-dir or PEACH_DATA_DIR.")
        case .unusable(let path, let reason):
            return .problem(Self.check, Self.title, found: reason, fix: Self.moveAside.replacingFile(with: path))
        case .present(let summary):
            return finding(for: summary)
        }
    }

    private func finding(for summary: StoreSummary) -> DoctorFinding {
        let path = summary.path
        guard summary.integrity == ["ok"] else {
            return .problem(Self.check, Self.title,
                            found: "\(path) fails SQLite's integrity check: " + summary.integrity.joined(separator: "; "),
                            fix: Self.moveAside.replacingFile(with: path))
        }
        let unknown = summary.appliedMigrations.filter { !summary.knownMigrations.contains($0) }
        guard unknown.isEmpty else {
            return .problem(Self.check, Self.title,
                            found: "\(path) was written by a newer peach (schema steps \(unknown.joined(separator: ", ")))",
                            fix: "Update peach to use it; this one leaves it untouched.")
        }
        guard summary.writable else {
            return .problem(Self.check, Self.title,
                            found: "\(path) or its folder cannot be written, so no trial could be saved",
                            fix: "Fix its permissions (chmod u+rw FILE; the folder needs u+rwx), "
                                + "or choose another folder with --data-dir or PEACH_DATA_DIR.")
        }
        let schema = summary.appliedMigrations.last ?? "empty"
        let records = summary.records.map { "\($0.count) \($0.name)\($0.count == 1 ? "" : "s")" }.joined(separator: ", ")
        let found = "\(path): integrity ok, schema \(schema), \(records)"
        let pending = summary.knownMigrations.filter { !summary.appliedMigrations.contains($0) }
        guard pending.isEmpty else {
            return .warning(Self.check, Self.title,
                            found: found + "; older schema, upgraded (\(pending.joined(separator: ", "))) "
                                + "when peach next opens it for writing",
                            advice: "Nothing to do; `peach export > backup.csv` first if you want a copy.")
        }
        return .ok(Self.check, Self.title, found: found)
    }
}

extension String {
    fileprivate func replacingFile(with path: String) -> String {
        replacingOccurrences(of: "FILE", with: path)
    }
}
