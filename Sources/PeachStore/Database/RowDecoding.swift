import Foundation
import GRDB
import PeachCore

/// Turns stored rows back into records, refusing anything a damaged file might hold rather
/// than crashing or inventing values. Every error names the table, the row id and the column.
struct RowDecoder {
    let path: String
    let table: String
    let row: Row
    let id: Int64

    init(path: String, table: String, row: Row) throws(StoreError) {
        self.path = path
        self.table = table
        self.row = row
        guard case .int64(let id) = (row["id"] as DatabaseValue).storage else {
            throw .corruptRow(path: path, table: table, id: -1, column: "id", problem: "not an integer")
        }
        self.id = id
    }

    func fail(_ column: String, _ problem: String) -> StoreError {
        .corruptRow(path: path, table: table, id: id, column: column, problem: problem)
    }

    func integer(_ column: String) throws(StoreError) -> Int64 {
        guard case .int64(let value) = (row[column] as DatabaseValue).storage else { throw fail(column, "not an integer") }
        return value
    }

    func optionalInteger(_ column: String) throws(StoreError) -> Int64? {
        let value = row[column] as DatabaseValue
        return value.isNull ? nil : try integer(column)
    }

    func text(_ column: String) throws(StoreError) -> String {
        guard case .string(let value) = (row[column] as DatabaseValue).storage else { throw fail(column, "not text") }
        return value
    }

    func optionalText(_ column: String) throws(StoreError) -> String? {
        let value = row[column] as DatabaseValue
        return value.isNull ? nil : try text(column)
    }

    func cents(_ column: String) throws(StoreError) -> Cents {
        let number: Double
        switch (row[column] as DatabaseValue).storage {
        case .double(let value): number = value
        case .int64(let value): number = Double(value)   // SQLite may store 12.0 as 12
        default: throw fail(column, "not a number")
        }
        guard let cents = try? Cents(number) else { throw fail(column, "not a finite number") }
        return cents
    }

    func note(_ column: String) throws(StoreError) -> MIDINote {
        let value = try integer(column)
        guard let note = try? MIDINote(Int(value)) else { throw fail(column, "\(value) is not a MIDI note 0…127") }
        return note
    }

    func timestamp() throws(StoreError) -> Date {
        RecordTimestamp.date(milliseconds: try integer("timestamp"))
    }

    func interval() throws(StoreError) -> Interval {
        let name = try text("interval")
        guard let interval = try? Interval(abbreviation: name) else { throw fail("interval", "unknown interval '\(name)'") }
        return interval
    }

    func tuningSystem() throws(StoreError) -> TuningSystem {
        let name = try text("tuningSystem")
        guard let system = TuningSystem(rawValue: name) else { throw fail("tuningSystem", "unknown tuning system '\(name)'") }
        return system
    }

    func rig() throws(StoreError) -> RigContext {
        var rig = RigContext(outputPort: try optionalText("outputPort"))
        if let program = try optionalInteger("soundProgram") {
            let bank = try optionalInteger("soundBank") ?? 0
            guard let sound = try? SoundSelection(program: Int(program), bank: Int(bank)) else {
                throw fail("soundProgram", "program \(program), bank \(bank) is not a MIDI sound")
            }
            rig.sound = sound
        }
        if let control = try optionalText("inputControl") {
            guard let parsed = InputControl(stored: control) else { throw fail("inputControl", "unknown control '\(control)'") }
            rig.inputControl = parsed
        }
        return rig
    }

    func comparison() throws(StoreError) -> StoredPitchComparison {
        let correct = try integer("isCorrect")
        guard correct == 0 || correct == 1 else { throw fail("isCorrect", "\(correct) is not 0 or 1") }
        let record = PitchComparisonRecord(
            timestamp: try timestamp(), referenceNote: try note("referenceNote"), targetNote: try note("targetNote"),
            interval: try interval(), tuningSystem: try tuningSystem(), centOffset: try cents("centOffset"),
            isCorrect: correct == 1)
        return StoredPitchComparison(id: id, record: record, rig: try rig())
    }

    func matching() throws(StoreError) -> StoredPitchMatching {
        let record = PitchMatchingRecord(
            timestamp: try timestamp(), referenceNote: try note("referenceNote"), targetNote: try note("targetNote"),
            interval: try interval(), tuningSystem: try tuningSystem(),
            initialCentOffset: try cents("initialCentOffset"), userCentError: try cents("userCentError"))
        return StoredPitchMatching(id: id, record: record, rig: try rig())
    }
}
