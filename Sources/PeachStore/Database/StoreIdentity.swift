import GRDB

/// Whose database a file is, read without writing anything: peach's own (by its application
/// id, or, for stores made before peach set one, by holding only peach's tables and migration
/// steps), an empty one peach may take, or another program's, which peach must never change.
enum StoreIdentity: Equatable {
    case peach
    /// Made by a peach from before the application id: peach's tables and steps only.
    case earlyPeach
    case empty
    /// Another program's database; the text says how it was told apart.
    case foreign(String)

    /// Stores from before the application id hold only the first disciplines' tables.
    static func of(_ db: Database) throws -> StoreIdentity {
        let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        if id == StoreSchema.applicationID { return .peach }
        if id != 0 {
            return .foreign("its SQLite application id is 0x\(String(UInt32(bitPattern: id), radix: 16)), not peach's")
        }
        let tables = try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name
            """)
        if tables.isEmpty { return .empty }
        let foreignTables = tables.filter { !RecordKinds.standard.tableNames.contains($0) }
        if !foreignTables.isEmpty {
            return .foreign("it holds the table\(foreignTables.count == 1 ? "" : "s") \(foreignTables.joined(separator: ", ")), which peach never makes")
        }
        guard tables.contains("grdb_migrations") else {
            return .foreign("it has peach's table names but no record of peach's schema steps")
        }
        let steps = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
        let unknown = steps.filter { !RecordKinds.standard.migrationNames.contains($0) }
        // A newer peach sets the application id, so unknown steps without it are another program's.
        guard steps.contains(StoreSchema.trainingRecords), unknown.isEmpty else {
            return .foreign("its schema steps \(unknown.isEmpty ? "(none)" : unknown.joined(separator: ", ")) are not peach's")
        }
        return .earlyPeach
    }
}
