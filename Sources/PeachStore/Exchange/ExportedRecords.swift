import PeachCore

/// Every kind of record an export holds, in the order given.
public struct ExportedRecords: Sendable {
    private(set) var records: [any StoredRecord] = []

    public init() {}

    mutating func append<Record: StoredRecord>(contentsOf added: [Record]) {
        records += added.map { $0 as any StoredRecord }
    }

    /// The records of one discipline, in the order given.
    func of<Record: StoredRecord>(_: Record.Type) -> [Record] {
        records.compactMap { $0 as? Record }
    }

    /// The oldest export format that holds every record.
    var format: Int {
        records.map { type(of: $0).kind.format }.max() ?? PeachExportFormat.version
    }
}
