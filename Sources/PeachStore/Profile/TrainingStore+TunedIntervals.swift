import GRDB
import PeachCore
import PeachReport

extension TrainingStore {
    /// The rows the pooled profile reads: unisons in every tuning, intervals in the iOS two.
    static let pooledRows = "(interval = 'P1' OR tuningSystem IN (\(PeachExportFormat.formatOneTunings.map { "'\($0)'" }.joined(separator: ", "))))"

    /// Per discipline and tuning beyond the iOS two, in that order.
    public func tunedIntervalStatistics() throws(StoreError) -> [TunedIntervalStatistics] {
        let sql = """
            SELECT 0, tuningSystem, COUNT(*), AVG(ABS(centOffset)) FROM pitchComparison
            WHERE NOT \(Self.pooledRows) AND isCorrect = 1 GROUP BY tuningSystem
            UNION ALL
            SELECT 1, tuningSystem, COUNT(*), AVG(ABS(userCentError)) FROM pitchMatching
            WHERE NOT \(Self.pooledRows) GROUP BY tuningSystem
            ORDER BY 1, 2
            """
        do {
            return try pool.read { db in
                try Row.fetchAll(db, sql: sql).compactMap { row -> TunedIntervalStatistics? in
                    guard let tuning = try? TuningIdentifier(rawValue: row[1]) else { return nil }
                    return TunedIntervalStatistics(discipline: (row[0] as Int) == 0 ? .intervalComparison : .intervalMatching,
                                                   tuning: tuning, trials: row[2], mean: row[3])
                }
            }
        } catch {
            throw .operationFailed(path: path, operation: "read the records in other tunings", reason: Self.reason(error))
        }
    }
}
