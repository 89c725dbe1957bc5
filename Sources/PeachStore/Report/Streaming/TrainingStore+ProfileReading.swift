import Foundation
import GRDB
import PeachCore

extension TrainingStore {
    /// The report `peach profile` shows, tallied as the rows are read: the two pitch tables are
    /// read side by side through one cursor each, in time order, and each row goes into the
    /// tally before the next is read, so memory stays flat whatever the store's size. Only the
    /// columns the profile uses are read; each is checked as `comparisons()` checks it, a row
    /// that fails being read again whole for the same error.
    public func profileReport(now: Date = Date()) throws(StoreError) -> ProfileReport {
        let rhythm = try rhythmReport()
        var damaged: (table: String, id: Int64)?
        let report: ProfileReport?
        do {
            report = try pool.read { db -> ProfileReport? in
                var counter = ThresholdHistory.SessionCounter()
                let times = try Int64.fetchCursor(db, sql: Self.profileTimesSQL)
                while let time = try times.next() { counter.add(RecordTimestamp.date(milliseconds: time)) }
                var tally = ProfileTally(sessionCount: counter.sessions, now: now)
                let comparisons = try Row.fetchCursor(db, sql: Self.profileRowsSQL(comparison: true))
                let matchings = try Row.fetchCursor(db, sql: Self.profileRowsSQL(comparison: false))
                var comparison = try Self.nextTrial(comparisons, comparison: true)
                var matching = try Self.nextTrial(matchings, comparison: false)
                while true {
                    // Oldest first; on a tie the comparison, as the records in memory are ordered.
                    let takeComparison: Bool
                    switch (comparison, matching) {
                    case (nil, nil): return tally.report(rhythm: rhythm)
                    case (.some(let c), .some(let m)): takeComparison = c.time <= m.time
                    case (.some, nil): takeComparison = true
                    case (nil, .some): takeComparison = false
                    }
                    let next = takeComparison ? comparison! : matching!
                    guard case .trial(let trial) = next.row else {
                        damaged = (takeComparison ? "pitchComparison" : "pitchMatching", next.id)
                        return nil
                    }
                    tally.add(trial)
                    if takeComparison {
                        comparison = try Self.nextTrial(comparisons, comparison: true)
                    } else {
                        matching = try Self.nextTrial(matchings, comparison: false)
                    }
                }
            }
        } catch {
            throw .operationFailed(path: path, operation: "read the records for the profile", reason: Self.reason(error))
        }
        if let report { return report }
        let (table, id) = damaged ?? ("pitchComparison", -1)
        throw failure(readingAgain: table, id: id)
    }

    private enum ProfileRow {
        case trial(PitchTrial)
        case damaged
    }

    /// The cursor's next row as a trial (`time` in stored milliseconds), or nil at the end.
    private static func nextTrial(_ rows: RowCursor, comparison: Bool) throws -> (time: Int64, id: Int64, row: ProfileRow)? {
        guard let row = try rows.next() else { return nil }
        let id: Int64 = row[0]
        let valid: Int64 = row[6]
        guard valid == 1 else { return (Int64.min, id, .damaged) }
        let time: Int64 = row[1]
        let note: Int64 = row[2]
        let unison: Int64 = row[3]
        let value: Double = row[4]
        let discipline: TrainingDiscipline = comparison
            ? (unison == 1 ? .unisonComparison : .intervalComparison)
            : (unison == 1 ? .unisonMatching : .intervalMatching)
        let isCorrect: Int64 = row[5]
        let trial = PitchTrial(time: RecordTimestamp.date(milliseconds: time), discipline: discipline,
                               referenceNote: Int(note),
                               value: comparison ? .comparison(offset: value, isCorrect: isCorrect == 1) : .matching(error: value))
        return (time, id, .trial(trial))
    }

    /// Every pitch timestamp in order: the sittings are counted before the tally starts.
    private static let profileTimesSQL = """
        SELECT timestamp FROM pitchComparison WHERE typeof(timestamp) = 'integer'
        UNION ALL SELECT timestamp FROM pitchMatching WHERE typeof(timestamp) = 'integer' ORDER BY 1
        """

    /// id, timestamp, referenceNote, unison, the value, isCorrect, and whether the row holds
    /// what `RowDecoder` accepts (1) or not (0), oldest first.
    private static func profileRowsSQL(comparison: Bool) -> String {
        let intervals = Interval.allCases.map { "'\($0.abbreviation)'" }.joined(separator: ", ")
        let systems = TuningSystem.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        func cents(_ column: String) -> String {
            "typeof(\(column)) IN ('integer', 'real') AND abs(\(column)) <= \(Cents.recordedLimit.rawValue)"
        }
        let common = """
            typeof(timestamp) = 'integer' AND typeof(referenceNote) = 'integer' AND referenceNote BETWEEN 0 AND 127 \
            AND typeof(targetNote) = 'integer' AND targetNote BETWEEN 0 AND 127 AND typeof(interval) = 'text' \
            AND interval IN (\(intervals)) AND typeof(tuningSystem) = 'text' AND tuningSystem IN (\(systems))
            """
        if comparison {
            return """
                SELECT id, timestamp, referenceNote, interval = 'P1', centOffset, isCorrect, \
                COALESCE(\(common) AND \(cents("centOffset")) AND typeof(isCorrect) = 'integer' AND isCorrect IN (0, 1), 0) \
                FROM pitchComparison ORDER BY timestamp, id
                """
        }
        return """
            SELECT id, timestamp, referenceNote, interval = 'P1', userCentError, 0, \
            COALESCE(\(common) AND \(cents("initialCentOffset")) AND \(cents("userCentError")), 0) \
            FROM pitchMatching ORDER BY timestamp, id
            """
    }

    /// The error `comparisons()` or `matchings()` gives for the row that failed the check.
    private func failure(readingAgain table: String, id: Int64) -> StoreError {
        let path = self.path
        do throws(StoreError) {
            try forEachRow(of: table, filter: "id = \(id)") { row, columns throws(StoreError) in
                let stored = try RowDecoder(path: path, table: table, row: row, columns: columns)
                if table == "pitchComparison" { _ = try stored.comparisonRecord() } else { _ = try stored.matchingRecord() }
            }
        } catch {
            return error
        }
        return .corruptRow(path: path, table: table, id: id, column: "?", problem: "not what a trial records")
    }
}
