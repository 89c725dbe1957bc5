import Foundation
import GRDB
import PeachCore

/// Interval trials in a tuning beyond the iOS app's two, per discipline and tuning: a
/// meantone third is another stimulus than an equal-tempered one, so the profile's pooled
/// figures leave them out (`pooledRows`) and these stand beside them.
public struct TunedIntervalStatistics: Hashable, Sendable {
    public let discipline: TrainingDiscipline
    public let tuning: TuningIdentifier
    /// Trials that count: correct answers in comparison, every trial in matching.
    public let trials: Int
    /// Mean |cent offset| of the correct comparisons, or mean |error| of the matchings.
    public let mean: Double

    /// The rows the pooled profile reads: unisons in every tuning, intervals in the iOS two.
    static let pooledRows = "(interval = 'P1' OR tuningSystem IN (\(PeachExportFormat.formatOneTunings.map { "'\($0)'" }.joined(separator: ", "))))"

    /// "interval comparison in meantone-1/4: 12 correct trials, mean 14.2 c".
    public var line: String {
        let counted = discipline.isComparison ? "correct \(trials == 1 ? "trial" : "trials")" : (trials == 1 ? "trial" : "trials")
        let what = discipline == .intervalComparison ? "interval comparison" : "interval matching"
        return "\(what) in \(tuning.name.terminalSafe): \(trials) \(counted), mean \(String(format: "%.1f", mean)) c"
    }
}

extension TrainingStore {
    /// Per discipline and tuning beyond the iOS two, in that order.
    public func tunedIntervalStatistics() throws(StoreError) -> [TunedIntervalStatistics] {
        let sql = """
            SELECT 0, tuningSystem, COUNT(*), AVG(ABS(centOffset)) FROM pitchComparison
            WHERE NOT \(TunedIntervalStatistics.pooledRows) AND isCorrect = 1 GROUP BY tuningSystem
            UNION ALL
            SELECT 1, tuningSystem, COUNT(*), AVG(ABS(userCentError)) FROM pitchMatching
            WHERE NOT \(TunedIntervalStatistics.pooledRows) GROUP BY tuningSystem
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
