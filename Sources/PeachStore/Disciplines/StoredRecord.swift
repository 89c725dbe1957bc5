import Foundation
import GRDB
import PeachCore

/// One discipline's completed trial as the store and the export file keep it. Each discipline
/// conforms in its own folder here (`Disciplines/<Name>/`) and is listed once in `RecordKinds`;
/// the schema, saving, reading, counting, export, import and the profile's load go through that
/// list and never switch over the disciplines.
/// The values of a row's columns, as SQLite binds them.
typealias StoredValues = [(any DatabaseValueConvertible)?]

protocol StoredRecord: Sendable, Hashable {
    /// Where and how the discipline's records are kept.
    static var kind: RecordKind { get }
    var timestamp: Date { get }
    /// The values of `kind.columns`, in that order.
    var storedValues: StoredValues { get }
    /// The values of `kind.identity`, in that order: with the second of the timestamp, what makes
    /// an imported record one already stored.
    var identityValues: StoredValues { get }
    /// The record of a stored row, every value checked (the rig's columns are checked apart).
    init(stored row: RowDecoder) throws(StoreError)

    /// Writes the record's own fields of an export line, those of `kind.exportColumns` in order.
    func writeFields(to line: inout ExportLineWriter)
    /// The record of an export row of this kind, or nil with every problem in `errors`. The
    /// timestamp is parsed already; columns outside `kind.exportColumns` are checked empty.
    static func parse(_ row: ImportRow, type: String, timestamp: Date?, _ errors: inout PeachCSVParser.RowErrors) -> Self?

    /// What the profile reads of a stored row: its columns and which rows (nil: all).
    static var profileColumns: [StoredColumn] { get }
    static var profileFilter: String? { get }
    /// Adds a row (with `profileColumns` only) to the perceptual profile.
    static func addStored(_ row: RowDecoder, to profile: PerceptualProfile) throws(StoreError)
}

extension StoredRecord {
    static var profileFilter: String? { nil }
}

/// A discipline's table and export rows, as data.
struct RecordKind: Sendable {
    /// For people: "pitch matching" (in messages: "save the pitch matching trial").
    let name: String
    /// What the records of the kind's family are called, as a format names them ("rhythm
    /// records need format 2").
    let family: String
    let table: String
    /// The record's own columns, after `id` and `timestamp`; the rig's four follow them.
    let columns: [StoredColumn]
    /// With the second of the timestamp, the iOS app's duplicate key.
    let identity: [StoredColumn]
    /// The migrations that make the table, in order. Empty for the four first disciplines:
    /// their tables are made by the store's released migrations (`StoreSchema`), which never change.
    let migrations: [StoreMigration]
    /// The export's `trainingType` values that name the kind; the first is what is written.
    let trainingTypes: [String]
    /// The first export format that holds the kind.
    let format: Int
    /// The export columns the kind fills, in the header's order.
    let exportColumns: [ImportColumn]

    init(name: String, family: String, table: String, columns: [StoredColumn], identity: [StoredColumn],
         migrations: [StoreMigration] = [], trainingTypes: [String], format: Int, exportColumns: [ImportColumn]) {
        self.name = name
        self.family = family
        self.table = table
        self.columns = columns
        self.identity = identity
        self.migrations = migrations
        self.trainingTypes = trainingTypes
        self.format = format
        self.exportColumns = exportColumns
    }

    var insertSQL: String {
        let names = ([StoredColumn.timestamp] + columns + StoredColumn.rig).map(\.name)
        let marks = Array(repeating: "?", count: names.count).joined(separator: ", ")
        return "INSERT INTO \(table) (\(names.joined(separator: ", "))) VALUES (\(marks))"
    }

    var duplicateLookupSQL: String {
        let key = identity.map { " AND \($0.name) = ?" }.joined()
        return "SELECT EXISTS (SELECT 1 FROM \(table) WHERE timestamp >= ? AND timestamp < ?\(key))"
    }
}

/// A named schema step: a migration, once released, never changes.
struct StoreMigration: Sendable {
    let name: String
    let body: @Sendable (Database) throws -> Void
}
