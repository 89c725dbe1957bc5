/// How many records of one discipline are stored, for people ("3 pitch matching records").
public struct RecordCount: Hashable, Sendable {
    public init(name: String, format: Int, count: Int) {
        self.name = name
        self.format = format
        self.count = count
    }

    /// The discipline's name: "pitch comparison".
    public let name: String
    /// The first export format that holds the discipline.
    public let format: Int
    public let count: Int
}

extension TrainingStore {
    /// How many records of each discipline are stored, in the registry's order.
    public func recordCounts() throws(StoreError) -> [RecordCount] {
        var counts: [RecordCount] = []
        for kind in kinds.kinds {
            counts.append(RecordCount(name: kind.name, format: kind.format, count: try count(of: kind)))
        }
        return counts
    }
}

extension [RecordCount] {
    /// "2 pitch comparison and 0 pitch matching records".
    public var sentence: String {
        let parts = map { "\($0.count) \($0.name)" }
        let listed = parts.count > 1 ? parts.dropLast().joined(separator: ", ") + " and " + parts.last! : parts.joined()
        return listed + " records"
    }
}
