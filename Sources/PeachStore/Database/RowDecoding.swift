import Foundation
import GRDB
import PeachCore
import PeachRig

/// A column of a record table, by name. The store's own columns have a fixed slot, so a read
/// finds them by index; a column a discipline adds (`StoredColumn(named:)`) is found by name.
struct StoredColumn: Hashable, Sendable {
    let name: String
    /// Index into `ColumnPositions`' array, for the columns of `builtIn`.
    fileprivate let slot: Int?

    /// A column that a discipline's own table adds.
    init(named name: String) {
        self.name = name
        slot = Self.builtInNames.firstIndex(of: name)
    }

    private init(slot: Int) {
        name = Self.builtInNames[slot]
        self.slot = slot
    }

    fileprivate static let builtInNames = [
        "id", "timestamp", "referenceNote", "targetNote", "interval", "tuningSystem",
        "centOffset", "isCorrect", "initialCentOffset", "userCentError",
        "outputPort", "soundProgram", "soundBank", "inputControl",
        "tempoBPM", "offsetMs", "userOffsetMs",
        "measuredAt", "inputPort", "latencyMs", "spreadMs", "tapsUsed",
    ]

    static let id = Self(slot: 0), timestamp = Self(slot: 1), referenceNote = Self(slot: 2)
    static let targetNote = Self(slot: 3), interval = Self(slot: 4), tuningSystem = Self(slot: 5)
    static let centOffset = Self(slot: 6), isCorrect = Self(slot: 7), initialCentOffset = Self(slot: 8)
    static let userCentError = Self(slot: 9), outputPort = Self(slot: 10), soundProgram = Self(slot: 11)
    static let soundBank = Self(slot: 12), inputControl = Self(slot: 13), tempoBPM = Self(slot: 14)
    static let offsetMs = Self(slot: 15), userOffsetMs = Self(slot: 16), measuredAt = Self(slot: 17)
    static let inputPort = Self(slot: 18), latencyMs = Self(slot: 19), spreadMs = Self(slot: 20)
    static let tapsUsed = Self(slot: 21)

    /// The rig's columns, which every record table ends with.
    static let rig: [StoredColumn] = [.outputPort, .soundProgram, .soundBank, .inputControl]
}

/// Where each column is in the rows of one read: found once, not by name for every value
/// (GRDB's lookup by name lower-cases and hashes it each time, most of a 100 000-row read).
struct ColumnPositions {
    /// By the built-in column's slot; nil where the read did not select the column.
    private let positions: [Int?]
    /// A discipline's own columns, by name.
    private let others: [String: Int]

    init(_ row: Row) {
        let names = Array(row.columnNames)
        positions = StoredColumn.builtInNames.map { names.firstIndex(of: $0) }
        var others: [String: Int] = [:]
        for (index, name) in names.enumerated() where !StoredColumn.builtInNames.contains(name) {
            others[name] = index
        }
        self.others = others
    }

    /// The value of `column` in `row`, NULL when the read did not select it.
    func value(_ column: StoredColumn, in row: Row) -> DatabaseValue {
        let found = if let slot = column.slot { positions[slot] } else { others[column.name] }
        guard let index = found else { return .null }
        // The row as a collection of (name, value) reads SQLite's value as stored. The typed
        // subscript goes through a generic conversion, and the untyped one boxes the value in an
        // existential only for `databaseValue` to unbox it: each cost more than the read itself.
        return row[row.startIndex.advanced(by: index)].1
    }
}

/// Turns stored rows back into records, refusing anything a damaged file might hold rather
/// than crashing or inventing values. Every error names the table, the row id and the column.
struct RowDecoder {
    let path: String
    let table: String
    let row: Row
    let columns: ColumnPositions
    let id: Int64

    init(path: String, table: String, row: Row, columns: ColumnPositions) throws(StoreError) {
        self.path = path
        self.table = table
        self.row = row
        self.columns = columns
        guard case .int64(let id) = columns.value(.id, in: row).storage else {
            throw .corruptRow(path: path, table: table, id: -1, column: "id", problem: "not an integer")
        }
        self.id = id
    }

    func fail(_ column: StoredColumn, _ problem: String) -> StoreError {
        .corruptRow(path: path, table: table, id: id, column: column.name, problem: problem)
    }

    func integer(_ column: StoredColumn) throws(StoreError) -> Int64 {
        guard case .int64(let value) = columns.value(column, in: row).storage else { throw fail(column, "not an integer") }
        return value
    }

    func optionalInteger(_ column: StoredColumn) throws(StoreError) -> Int64? {
        let value = columns.value(column, in: row)
        return value.isNull ? nil : try integer(column)
    }

    func text(_ column: StoredColumn) throws(StoreError) -> String {
        guard case .string(let value) = columns.value(column, in: row).storage else { throw fail(column, "not text") }
        return value
    }

    func optionalText(_ column: StoredColumn) throws(StoreError) -> String? {
        let value = columns.value(column, in: row)
        return value.isNull ? nil : try text(column)
    }

    func cents(_ column: StoredColumn) throws(StoreError) -> Cents {
        let number: Double
        switch columns.value(column, in: row).storage {
        case .double(let value): number = value
        case .int64(let value): number = Double(value)   // SQLite may store 12.0 as 12
        default: throw fail(column, "not a number")
        }
        guard let cents = try? Cents(number) else { throw fail(column, "not a finite number") }
        guard cents.isRecordable else {
            throw fail(column, "\(number) c is beyond what a trial records (at most \(Int(Cents.recordedLimit.rawValue)) c either way)")
        }
        return cents
    }

    func note(_ column: StoredColumn) throws(StoreError) -> MIDINote {
        let value = try integer(column)
        guard let note = try? MIDINote(Int(value)) else { throw fail(column, "\(value) is not a MIDI note 0…127") }
        return note
    }

    func timestamp() throws(StoreError) -> Date {
        RecordTimestamp.date(milliseconds: try integer(.timestamp))
    }

    func interval() throws(StoreError) -> Interval {
        let name = try text(.interval)
        guard let interval = Self.intervals[name] else { throw fail(.interval, "unknown interval '\(name)'") }
        return interval
    }

    /// Interval(abbreviation:) searches every interval; a read of 100 000 rows looks up once each.
    private static let intervals = Dictionary(uniqueKeysWithValues: Interval.allCases.map { ($0.abbreviation, $0) })

    func tuningSystem() throws(StoreError) -> TuningIdentifier {
        let name = try text(.tuningSystem)
        if let system = TuningSystem(rawValue: name) { return TuningIdentifier(system) }
        guard let identifier = try? TuningIdentifier(rawValue: name) else {
            throw fail(.tuningSystem, "unknown tuning system '\(name)'")
        }
        return identifier
    }

    func rig() throws(StoreError) -> RigContext {
        var rig = RigContext(outputPort: try optionalText(.outputPort))
        if let program = try optionalInteger(.soundProgram) {
            let bank = try optionalInteger(.soundBank) ?? 0
            guard let sound = try? SoundSelection(program: Int(program), bank: Int(bank)) else {
                throw fail(.soundProgram, "program \(program), bank \(bank) is not a MIDI sound")
            }
            rig.sound = sound
        }
        if let control = try optionalText(.inputControl) {
            guard let parsed = InputControl(stored: control) else { throw fail(.inputControl, "unknown control '\(control)'") }
            rig.inputControl = parsed
        }
        return rig
    }
}
