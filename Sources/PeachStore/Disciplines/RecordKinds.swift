import PeachCore

/// The disciplines the store keeps, in order. The order is the export's: each kind adds the
/// header columns no earlier kind has, records of one timestamp are written in it, and the
/// import summary lists it. Adding a discipline is one more line in `standard`.
struct RecordKinds: Sendable {
    let types: [any StoredRecord.Type]
    let kinds: [RecordKind]
    private let indexes: [ObjectIdentifier: Int]
    private let byTrainingType: [String: Int]

    static let standard = RecordKinds([
        PitchComparisonRecord.self,
        PitchMatchingRecord.self,
        RhythmOffsetDetectionRecord.self,
        RhythmMatchingRecord.self,
    ])

    init(_ types: [any StoredRecord.Type]) {
        self.types = types
        kinds = types.map { $0.kind }
        indexes = Dictionary(uniqueKeysWithValues: types.enumerated().map { (ObjectIdentifier($1), $0) })
        var byTrainingType: [String: Int] = [:]
        for (index, kind) in kinds.enumerated() {
            for type in kind.trainingTypes {
                precondition(byTrainingType.updateValue(index, forKey: type) == nil, "training type \(type) named twice")
            }
        }
        self.byTrainingType = byTrainingType
        precondition(Set(kinds.map(\.table)).count == kinds.count, "a table named twice")
        for version in 1...kinds.map(\.format).max()! {
            let columns = exportColumns(version: version)
            for (position, column) in columns.enumerated() {
                precondition(column.slot == nil || column.slot == position, "\(column) out of the iOS format's place")
            }
        }
    }

    func index(of type: any StoredRecord.Type) -> Int {
        guard let index = indexes[ObjectIdentifier(type)] else { preconditionFailure("\(type) is not registered") }
        return index
    }

    /// The kind a `trainingType` value names, and its index.
    func kind(trainingType: String) -> Int? { byTrainingType[trainingType] }

    /// The newest export format the kinds need.
    var newestFormat: Int { kinds.map(\.format).max() ?? 1 }
    var exportVersions: ClosedRange<Int> { 1...newestFormat }

    /// The header of export format `version`: the type and the timestamp, then every column of
    /// the kinds that format holds, in the order they first appear.
    func exportColumns(version: Int) -> [ImportColumn] {
        var columns: [ImportColumn] = [.trainingType, .timestamp]
        for kind in kinds where kind.format <= version {
            for column in kind.exportColumns where !columns.contains(column) { columns.append(column) }
        }
        return columns
    }

    /// Every migration: the store's released ones, then each kind's own.
    var migrations: [StoreMigration] { StoreSchema.released + kinds.flatMap(\.migrations) }
    var migrationNames: [String] { migrations.map(\.name) }

    /// Every table of the schema (SQLite's own `sqlite_` tables aside).
    var tableNames: Set<String> { StoreSchema.otherTables.union(kinds.map(\.table)) }

    /// Empties every record table: what reset and a replacing import do.
    var deleteEverything: String { kinds.map { "DELETE FROM \($0.table)" }.joined(separator: "; ") }
}
