import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#endif

/// A look at the training database that changes nothing (for `peach doctor`): SQLite's full
/// integrity check, the schema's applied migrations and the record counts of every discipline.
/// (Only a write that was cut off is rolled back first, as any writing opening would.)
public struct StoreInspection: Hashable, Sendable {
    public let path: String
    /// `PRAGMA integrity_check`: ["ok"], or its first complaints.
    public let integrity: [String]
    public let appliedMigrations: [String]
    /// Per discipline, in the registry's order.
    public let records: [RecordCount]
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
        try DatabaseFile.rollBackInterruptedWrite(location)
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
                let records = try RecordKinds.standard.kinds.map { kind in
                    let count = try db.tableExists(kind.table) ? Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(kind.table)") ?? 0 : 0
                    return RecordCount(name: kind.name, format: kind.format, count: count)
                }
                return StoreInspection(
                    path: path, integrity: integrity,
                    appliedMigrations: StoreSchema.migrationNames.filter(applied.contains)
                        + applied.subtracting(StoreSchema.migrationNames).sorted(),
                    records: records,
                    writable: DatabaseFile.isWritable(location))
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw .unreadableDatabase(path: path, reason: TrainingStore.reason(error))
        }
    }
}

extension StoreInspection {
    /// The count of the discipline named `name` (0 for one this peach does not know).
    public func count(_ name: String) -> Int { records.first { $0.name == name }?.count ?? 0 }

    /// Records of every discipline.
    public var total: Int { records.reduce(0) { $0 + $1.count } }
}
