import Foundation
import PeachCore
@testable import PeachStore

// How the store keeps a loudness trial: its table (made by its own migration), its row in the
// export (format 3: format 2's columns and its own), and its place in the profile.

extension LoudnessComparison.Record: StoredRecord {
    static let kind = RecordKind(
        name: "loudness comparison", family: "loudness", table: "loudnessComparison",
        columns: [differenceColumn, .isCorrect], identity: [differenceColumn],
        migrations: [StoreMigration(name: "test-loudness-comparison") { db in
            try db.execute(sql: """
                CREATE TABLE loudnessComparison (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    timestamp INTEGER NOT NULL,
                    differenceDb REAL NOT NULL,
                    isCorrect INTEGER NOT NULL CHECK (isCorrect IN (0, 1)),
                    outputPort TEXT, soundProgram INTEGER, soundBank INTEGER, inputControl TEXT
                )
                """)
        }],
        trainingTypes: ["loudnessComparison"], format: 3, exportColumns: [.isCorrect, differenceField])

    private static let differenceColumn = StoredColumn(named: "differenceDb")
    private static let differenceField = ImportColumn(named: "differenceDb")

    var storedValues: StoredValues { [difference.decibels, isCorrect] }
    var identityValues: StoredValues { [difference.decibels] }

    init(stored row: RowDecoder) throws(StoreError) {
        let decibels = try row.number(Self.differenceColumn)
        guard let difference = try? AmplitudeDB(decibels: decibels) else { throw row.fail(Self.differenceColumn, "\(decibels) dB is out of range") }
        let correct = try row.integer(.isCorrect)
        self.init(timestamp: try row.timestamp(), difference: difference, isCorrect: correct == 1)
    }

    func writeFields(to line: inout ExportLineWriter) {
        line.field(isCorrect)
        line.field(DecimalText.format(difference.decibels))
    }

    static func parse(_ row: ImportRow, type: String, timestamp: Date?, _ errors: inout PeachCSVParser.RowErrors) -> Self? {
        let isCorrect = PeachCSVParser.parseFlag(row, .isCorrect, type: type, &errors)
        let text = row[differenceField]
        let difference = DecimalText.parse(text).flatMap { try? AmplitudeDB(decibels: $0) }
        if difference == nil { errors.add(differenceField, text, "not a level difference in dB") }
        guard let timestamp, let isCorrect, let difference else { return nil }
        return Self(timestamp: timestamp, difference: difference, isCorrect: isCorrect)
    }

    static let profileColumns: [StoredColumn] = [differenceColumn, .isCorrect]
    static let profileFilter: String? = "isCorrect = 1"

    static func addStored(_ row: RowDecoder, to profile: PerceptualProfile) throws(StoreError) {
        let record = try Self(stored: row)
        profile.add(abs(record.difference.decibels), at: record.timestamp, toDisciplineNamed: kind.name)
    }
}
