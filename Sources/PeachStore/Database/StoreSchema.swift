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

    public static let migrationNames = [trainingRecords, rigContext]

    public static func migrator() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(trainingRecords) { db in
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
        migrator.registerMigration(rigContext) { db in
            for table in ["pitchComparison", "pitchMatching"] {
                try db.execute(sql: """
                    ALTER TABLE \(table) ADD COLUMN outputPort TEXT;
                    ALTER TABLE \(table) ADD COLUMN soundProgram INTEGER CHECK (soundProgram BETWEEN 0 AND 127);
                    ALTER TABLE \(table) ADD COLUMN soundBank INTEGER CHECK (soundBank BETWEEN 0 AND 16383);
                    ALTER TABLE \(table) ADD COLUMN inputControl TEXT;
                    """)
            }
        }
        return migrator
    }
}
