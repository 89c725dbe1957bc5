import GRDB

/// SQLite cannot drop a CHECK constraint, so each pitch table is rebuilt the documented way
/// (sqlite.org/lang_altertable.html, "other kinds of table schema changes"): a copy made from
/// the table's own SQL with only the tuningSystem check changed, every row copied with its id,
/// the old table dropped, the copy renamed, its indexes made again and its id sequence kept.
enum TuningIdentifierMigration {
    static let tables = ["pitchComparison", "pitchMatching"]

    static func relaxTuningCheck(_ db: Database) throws {
        for table in tables {
            guard let sql = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?",
                                                arguments: [table]),
                  let relaxed = relaxed(sql, table: table) else { continue }
            let indexes = try String.fetchAll(db, sql: """
                SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL
                """, arguments: [table])
            let sequence = try Int.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = ?", arguments: [table])
            try db.execute(sql: relaxed)
            try db.execute(sql: "INSERT INTO \(table)_v5 SELECT * FROM \(table)")
            try db.execute(sql: "DROP TABLE \(table)")
            try db.execute(sql: "ALTER TABLE \(table)_v5 RENAME TO \(table)")
            for index in indexes { try db.execute(sql: index) }
            if let sequence {
                try db.execute(sql: "UPDATE sqlite_sequence SET seq = MAX(seq, ?) WHERE name = ?", arguments: [sequence, table])
            }
        }
    }

    /// The table's CREATE statement for the copy, with the check of the two names replaced;
    /// nil when the table has no such check (nothing to relax).
    static func relaxed(_ sql: String, table: String) -> String? {
        let check = "CHECK (tuningSystem IN ("
        guard let start = sql.range(of: check),
              let end = sql.range(of: "))", range: start.upperBound..<sql.endIndex) else { return nil }
        var copy = sql
        copy.replaceSubrange(start.lowerBound..<end.upperBound, with: "CHECK (length(tuningSystem) > 0)")
        guard let name = copy.range(of: table) else { return nil }
        copy.replaceSubrange(name, with: "\(table)_v5")
        return copy
    }
}
