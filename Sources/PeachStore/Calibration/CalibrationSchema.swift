import GRDB

/// The tap calibrations (migration `v4-tap-calibrations`): one row per `peach calibrate` run,
/// keyed by the pair of ports it was measured with.
///
/// A tap-along measures the output's delay (click scheduled → heard) and the input's (finger →
/// kernel stamp) as one sum it cannot split, so a calibration belongs to the pair, never to
/// one port. Every run is kept, not only the latest: the rows are tiny and rare, a history
/// shows a rig that drifts (a new audio buffer size, another headset), and a bad run can be
/// dropped later without losing the one before it. Readers take the latest per pair.
/// The checks are only those no future domain range could loosen; reading validates the rest.
enum CalibrationSchema {
    static let table = "tapCalibration"

    static func createCalibrations(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE \(table) (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                measuredAt INTEGER NOT NULL,
                outputPort TEXT NOT NULL,
                inputPort TEXT NOT NULL,
                latencyMs REAL NOT NULL,
                spreadMs REAL NOT NULL CHECK (spreadMs >= 0),
                tapsUsed INTEGER NOT NULL CHECK (tapsUsed > 0)
            );
            CREATE INDEX \(table)_ports ON \(table)(outputPort, inputPort, measuredAt);
            """)
    }
}
