import Foundation
import GRDB
import PeachReport

/// The profile's tally kept in the store between runs (issue 30: `peach profile` at 10⁶ records):
/// a `ProfileTallySnapshot` of every pitch trial before `cutoff`, so a report reads only the
/// trials from `cutoff` on. One row with the history (what `--svg` needs) and one without.
///
/// Not a schema migration: an older peach refuses a store with a step it does not know, and
/// this table is nothing it needs. It and its triggers are made when a snapshot is first kept.
/// The triggers, part of the file, empty it whatever program changes the records (an older
/// peach, sqlite3): a deletion, an update, or an insert not after the kept cutoff (an import of
/// older records). A snapshot is read only where its format, the store's migrations and the
/// triggers are all as this peach makes them.
enum ProfileTallyCache {
    static let table = "profileTally"
    private static let recordTables = ["pitchComparison", "pitchMatching"]

    static var triggerNames: [String] {
        recordTables.flatMap { table in ["insert", "update", "delete"].map { "\(Self.table)_\(table)_\($0)" } }
    }

    private static var schema: [String] {
        ["""
        CREATE TABLE IF NOT EXISTS \(table) (history INTEGER PRIMARY KEY, format INTEGER NOT NULL, \
        migrations TEXT NOT NULL, cutoff INTEGER NOT NULL, tally BLOB NOT NULL)
        """] + recordTables.flatMap { records in [
            // NULL and REAL timestamps are what the tail's `timestamp >= cutoff` would not read.
            """
            CREATE TRIGGER IF NOT EXISTS \(table)_\(records)_insert AFTER INSERT ON \(records) \
            WHEN NEW.timestamp IS NULL OR NEW.timestamp < (SELECT MAX(cutoff) FROM \(table)) \
            BEGIN DELETE FROM \(table); END
            """,
            "CREATE TRIGGER IF NOT EXISTS \(table)_\(records)_update AFTER UPDATE ON \(records) BEGIN DELETE FROM \(table); END",
            "CREATE TRIGGER IF NOT EXISTS \(table)_\(records)_delete AFTER DELETE ON \(records) BEGIN DELETE FROM \(table); END",
        ] }
    }

    struct Entry {
        /// In stored milliseconds: the snapshot holds every trial before it and none after.
        let cutoff: Int64
        let snapshot: ProfileTallySnapshot
    }

    /// The kept snapshots a report may start from, the latest first: those taken no later than
    /// `cutoff` (so none of the report's dated figures holds a trial of theirs), with the
    /// history where `history`. Empty where none is kept or none can be trusted.
    /// Decoded as they are taken: a report uses the first that fits, and decoding is a sixth of a
    /// warm report's CPU.
    static func entries(_ db: Database, history: Bool, notAfter cutoff: Int64) throws -> some Sequence<Entry> {
        let rows = try matching(db, history: history, cutoff: "cutoff <= ?", cutoff, columns: "cutoff, tally",
                                order: "ORDER BY cutoff DESC, history DESC")
        return rows.lazy.compactMap { row in
            let data: Data = row[1]
            // One this peach cannot read is as good as none: the report is made without it.
            guard let snapshot = try? decoder().decode(ProfileTallySnapshot.self, from: data) else { return nil }
            return Entry(cutoff: row[0], snapshot: snapshot)
        }
    }

    /// What a training starts from in the latest kept snapshot this peach can read, with its
    /// cutoff: any cutoff will do, as neither the profile's figures nor the live estimates'
    /// trials are dated from now. Nil where none is kept or none can be read.
    static func trainingPart(_ db: Database) throws -> (cutoff: Int64, part: ProfileTallySnapshot.TrainingPart)? {
        let rows = try matching(db, history: false, cutoff: "cutoff <= ?", Int64.max, columns: "cutoff, tally",
                                order: "ORDER BY cutoff DESC, history")
        for row in rows {
            let data: Data = row[1]
            if let part = try? decoder().decode(ProfileTallySnapshot.TrainingPart.self, from: data) { return (row[0], part) }
        }
        return nil
    }

    /// Whether a tally as of exactly `cutoff` is kept, without reading it.
    static func keeps(_ db: Database, history: Bool, cutoff: Int64) throws -> Bool {
        try !matching(db, history: history, cutoff: "cutoff = ?", cutoff, columns: "1", order: "LIMIT 1").isEmpty
    }

    /// The kept rows this peach can use (its format, the store's migrations, its triggers in
    /// place) for `history` whose cutoff passes `cutoffTest` against `cutoff`.
    private static func matching(_ db: Database, history: Bool, cutoff cutoffTest: String, _ cutoff: Int64,
                                 columns: String, order: String) throws -> [Row] {
        guard try db.tableExists(table), try triggersPresent(db) else { return [] }
        return try Row.fetchAll(db, sql: """
            SELECT \(columns) FROM \(table) WHERE format = ? AND migrations = ? AND \(cutoffTest) AND history >= ? \(order)
            """, arguments: [ProfileTallySnapshot.format, try migrations(db), cutoff, history ? 1 : 0])
    }

    /// Keeps `entry` (making the table and its triggers first if need be), in the caller's transaction.
    static func save(_ db: Database, _ entry: Entry, history: Bool) throws {
        for statement in schema { try db.execute(sql: statement) }
        try db.execute(sql: "INSERT OR REPLACE INTO \(table) (history, format, migrations, cutoff, tally) VALUES (?, ?, ?, ?, ?)",
                       arguments: [history ? 1 : 0, ProfileTallySnapshot.format, try migrations(db), entry.cutoff,
                                   try encoder().encode(entry.snapshot)])
    }

    /// Runs `deletions` (DELETEs of whole record tables) in the caller's transaction as SQLite's
    /// bulk delete: with a delete trigger on a table SQLite deletes it row by row and runs the
    /// trigger for each (100 000 rows: 0.19 s of CPU instead of 0.03 s). So the kept tally is emptied once,
    /// the delete triggers dropped, the tables emptied and the triggers made again, all in the same
    /// transaction: no other connection ever sees the tables without them.
    static func deleteInBulk(_ db: Database, _ deletions: String) throws {
        guard try db.tableExists(table) else { return try db.execute(sql: deletions) }
        try db.execute(sql: "DELETE FROM \(table)")
        for records in recordTables { try db.execute(sql: "DROP TRIGGER IF EXISTS \(table)_\(records)_delete") }
        try db.execute(sql: deletions)
        for statement in schema { try db.execute(sql: statement) }
    }

    /// Every trigger is there: a table rebuilt by a later migration loses its own.
    private static func triggersPresent(_ db: Database) throws -> Bool {
        let names = triggerNames.map { "'\($0)'" }.joined(separator: ", ")
        return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger' AND name IN (\(names))")
            == triggerNames.count
    }

    /// The applied schema steps: a migration may change the records without a trigger seeing it.
    private static func migrations(_ db: Database) throws -> String {
        try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier").joined(separator: ",")
    }

    // The snapshot's doubles are written in their shortest exact form and read back to the same
    // bits; infinities and NaN by name (a window's flat weighting has an infinite half-life).
    private static let nonFinite = (positive: "inf", negative: "-inf", nan: "nan")

    private static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: nonFinite.positive, negativeInfinity: nonFinite.negative, nan: nonFinite.nan)
        return encoder
    }

    private static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: nonFinite.positive, negativeInfinity: nonFinite.negative, nan: nonFinite.nan)
        return decoder
    }
}
