import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#endif

/// A look at the training database that changes nothing (for `peach doctor`): SQLite's full
/// integrity check, the schema's applied migrations and the record counts (pitch and rhythm).
public struct StoreInspection: Hashable, Sendable {
    public let path: String
    /// `PRAGMA integrity_check`: ["ok"], or its first complaints.
    public let integrity: [String]
    public let appliedMigrations: [String]
    public let comparisons: Int
    public let matchings: Int
    public let rhythmDetections: Int
    public let rhythmMatchings: Int
    /// The file and its folder may be written, so a trial could be saved.
    public let writable: Bool

    /// The migrations this peach knows, in order.
    public static var knownMigrations: [String] { StoreSchema.migrationNames }

    /// nil when there is no peach.sqlite at `location`; a file SQLite cannot read throws
    /// `StoreError.unreadableDatabase`, naming it.
    public static func inspect(_ location: StoreLocation) throws(StoreError) -> StoreInspection? {
        let path = location.databasePath
        guard DatabaseFile.exists(location) else { return nil }
        try DatabaseFile.checkKinds(location)
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(10)
        configuration.label = "peach.store.inspection"
        do {
            let queue = try DatabaseQueue(path: DatabaseFile.readOnlyOpeningPath(location), configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db in
                if case .foreign(let detail) = try StoreIdentity.of(db) {
                    throw StoreError.foreignDatabase(path: path, detail: detail)
                }
                let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check(10)")
                let applied = try StoreSchema.migrator().appliedIdentifiers(db)
                func count(_ table: String) throws -> Int {
                    try db.tableExists(table) ? Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 : 0
                }
                return StoreInspection(
                    path: path, integrity: integrity,
                    appliedMigrations: StoreSchema.migrationNames.filter(applied.contains)
                        + applied.subtracting(StoreSchema.migrationNames).sorted(),
                    comparisons: try count("pitchComparison"), matchings: try count("pitchMatching"),
                    rhythmDetections: try count(RhythmSchema.detectionTable),
                    rhythmMatchings: try count(RhythmSchema.matchingTable),
                    writable: DatabaseFile.isWritable(location))
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw .unreadableDatabase(path: path, reason: TrainingStore.reason(error))
        }
    }
}
