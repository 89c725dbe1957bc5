import GRDB
import PeachCore

/// The database schema, created and changed only through these named migrations, in order.
/// A migration, once released, never changes: a new need is a new migration appended here.
public enum StoreSchema {
    /// The first schema: every field of the domain records. Timestamps are whole milliseconds
    /// since 1970 UTC (see `RecordTimestamp`); intervals and tuning systems are stored by their
    /// export-format names.
    public static let trainingRecords = "v1-training-records"
    /// What a MIDI rig adds: output port, sound (program and bank), answering control.
    public static let rigContext = "v2-rig-context"

    /// The rhythm disciplines' trials (issue 17): tempo, signed offset, the rig.
    public static let rhythmRecords = "v3-rhythm-records"

    /// Tap calibrations per pair of ports (issue 17): what is subtracted from every tap.
    public static let tapCalibrations = "v4-tap-calibrations"

    /// Pitch records name any tuning (issue 32): the tuningSystem column's check of the two
    /// iOS names gives way to a check of a non-empty identifier.
    public static let tuningIdentifiers = "v5-tuning-identifiers"

    /// The migrations this peach runs, in order: the released ones, then those of disciplines
    /// added later (`RecordKinds`).
    public static var migrationNames: [String] { RecordKinds.standard.migrationNames }

    /// SQLite's application id for peach's database ("Peac"), written with the schema, so a
    /// file is recognised as peach's own before anything is written to it.
    public static let applicationID: Int32 = 0x5065_6163

    /// The tables the schema holds besides the record tables (SQLite's own `sqlite_` tables aside).
    static let otherTables: Set<String> = ["grdb_migrations", CalibrationSchema.table, ProfileTallyCache.table]

    /// The released migrations, in the order they run; they made the four first disciplines'
    /// tables. The record of applied steps stays GRDB's table (`grdb_migrations`), which every
    /// store made so far has.
    static let released: [StoreMigration] = [
        StoreMigration(name: trainingRecords, body: createTrainingRecords),
        StoreMigration(name: rigContext, body: addRigContext),
        StoreMigration(name: rhythmRecords, body: RhythmSchema.createRhythmRecords),
        StoreMigration(name: tapCalibrations, body: CalibrationSchema.createCalibrations),
        StoreMigration(name: tuningIdentifiers, body: TuningIdentifierMigration.relaxTuningCheck),
    ]

    /// GRDB's migrator over the same steps: each step in its own transaction, as the first
    /// releases ran them. Tests build older files with it; `upgrade` is what peach runs.
    public static func migrator() -> DatabaseMigrator { migrator(RecordKinds.standard) }

    static func migrator(_ kinds: RecordKinds) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for step in kinds.migrations { migrator.registerMigration(step.name, migrate: step.body) }
        return migrator
    }

    /// Brings the file up to date in one transaction: every pending step, its record and the
    /// application id, or, when any of them fails, nothing at all.
    static func upgrade(_ db: Database, kinds: RecordKinds) throws {
        try db.inTransaction(.immediate) {
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            // Read inside the transaction: another peach may have upgraded the file meanwhile.
            let applied = Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
            for step in kinds.migrations where !applied.contains(step.name) {
                try step.body(db)
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [step.name])
            }
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            return .commit
        }
    }

    private static func createTrainingRecords(_ db: Database) throws {
        let intervals = Interval.allCases.map { "'\($0.abbreviation)'" }.joined(separator: ", ")
        let tunings = TuningSystem.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        let common = """
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            timestamp INTEGER NOT NULL,
            referenceNote INTEGER NOT NULL CHECK (referenceNote BETWEEN 0 AND 127),
            targetNote INTEGER NOT NULL CHECK (targetNote BETWEEN 0 AND 127),
            interval TEXT NOT NULL CHECK (interval IN (\(intervals))),
            tuningSystem TEXT NOT NULL CHECK (tuningSystem IN (\(tunings))),
            """
        try db.execute(sql: """
            CREATE TABLE pitchComparison (
                \(common)
                centOffset REAL NOT NULL,
                isCorrect INTEGER NOT NULL CHECK (isCorrect IN (0, 1))
            );
            CREATE INDEX pitchComparison_identity ON pitchComparison(timestamp, referenceNote, targetNote);
            CREATE TABLE pitchMatching (
                \(common)
                initialCentOffset REAL NOT NULL,
                userCentError REAL NOT NULL
            );
            CREATE INDEX pitchMatching_identity ON pitchMatching(timestamp, referenceNote, targetNote);
            """)
    }

    private static func addRigContext(_ db: Database) throws {
        for table in ["pitchComparison", "pitchMatching"] {
            try db.execute(sql: """
                ALTER TABLE \(table) ADD COLUMN outputPort TEXT;
                ALTER TABLE \(table) ADD COLUMN soundProgram INTEGER CHECK (soundProgram BETWEEN 0 AND 127);
                ALTER TABLE \(table) ADD COLUMN soundBank INTEGER CHECK (soundBank BETWEEN 0 AND 16383);
                ALTER TABLE \(table) ADD COLUMN inputControl TEXT;
                """)
        }
    }
}
