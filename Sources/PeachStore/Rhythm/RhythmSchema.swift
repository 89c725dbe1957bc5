import GRDB

/// The rhythm tables (migration `v3-rhythm-records`). Like the pitch tables: timestamps in
/// whole milliseconds since 1970, the rig's columns beside the record's. The tempo's check is
/// only that it is positive: the domain's range may widen, a released migration never changes;
/// reading refuses what the domain does not accept.
enum RhythmSchema {
    static let detectionTable = "rhythmOffsetDetection"
    static let matchingTable = "rhythmMatching"

    static func createRhythmRecords(_ db: Database) throws {
        let common = """
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            timestamp INTEGER NOT NULL,
            tempoBPM INTEGER NOT NULL CHECK (tempoBPM > 0),
            """
        let rig = """
            outputPort TEXT,
            soundProgram INTEGER CHECK (soundProgram BETWEEN 0 AND 127),
            soundBank INTEGER CHECK (soundBank BETWEEN 0 AND 16383),
            inputControl TEXT
            """
        try db.execute(sql: """
            CREATE TABLE \(detectionTable) (
                \(common)
                offsetMs REAL NOT NULL,
                isCorrect INTEGER NOT NULL CHECK (isCorrect IN (0, 1)),
                \(rig)
            );
            CREATE INDEX \(detectionTable)_identity ON \(detectionTable)(timestamp, tempoBPM);
            CREATE TABLE \(matchingTable) (
                \(common)
                userOffsetMs REAL NOT NULL,
                \(rig)
            );
            CREATE INDEX \(matchingTable)_identity ON \(matchingTable)(timestamp, tempoBPM);
            """)
    }
}
