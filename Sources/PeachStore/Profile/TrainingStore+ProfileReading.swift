import Foundation
import GRDB
import PeachCore
import PeachReport

extension TrainingStore {
    /// The report `peach profile` shows, tallied as the rows are read: the two pitch tables are
    /// read side by side through one cursor each, in time order (ties in the order stored), and
    /// each row goes into the tally before the next is read, so memory stays flat whatever the
    /// store's size. Only the
    /// columns the profile uses are read and checked (a number in range where a number belongs);
    /// a row that fails is read again whole for the error `comparisons()` would give. The
    /// columns the profile does not use (target note, tuning system) are checked by export,
    /// import and `doctor`, not here.
    ///
    /// Without `history` (only the SVG draws it) the report's history is empty, and neither the
    /// sittings are counted (a second query over every row) nor an estimate made per sitting.
    ///
    /// The tally of the trials older than the report's dated figures is kept in the store
    /// (`ProfileTallyCache`): a report starts from it and reads only the later rows, and a
    /// writable store keeps the tally of this pass for the next (a read-only one is only read).
    public func profileReport(now: Date = Date(), history: Bool = true) throws(StoreError) -> ProfileReport {
        try profileTally(now: now, history: history).report(rhythm: try rhythmReport())
    }

    /// The tally of every pitch trial as of `now`, from the kept tally where one fits (and kept
    /// for the next where this one is later): what the report is made of.
    func profileTally(now: Date, history: Bool) throws(StoreError) -> ProfileTally {
        switch try profilePass(now: now, history: history, keptOnly: false) {
        case .tallied(let tally, _): return tally
        case .damaged(let table, let id): throw failure(readingAgain: table, id: id)
        case .notKept: preconditionFailure("a pass not limited to a kept tally always reports")
        }
    }

    /// The report from a tally kept as of this day's cutoff and the trials after it, if one
    /// is kept (the report of the day before on this store kept it): nil where a report would
    /// keep a new one, so `profileReport` is the way. Never writes, so a read-only store
    /// opened `.whatIsRead`, unchecked as a whole, serves it (issue 30: `peach profile` within
    /// a second at 10⁶ records, where the whole file's quick_check follows the file's size).
    public func keptProfileReport(now: Date = Date(), history: Bool = true) throws(StoreError) -> ProfileReport? {
        switch try profilePass(now: now, history: history, keptOnly: true) {
        case .tallied(let tally, _): return tally.report(rhythm: try rhythmReport())
        case .damaged(let table, let id): throw failure(readingAgain: table, id: id)
        case .notKept: return nil
        }
    }

    private func profilePass(now: Date, history: Bool, keptOnly: Bool) throws(StoreError) -> ProfilePass {
        let cutoff = ProfileTallySnapshot.cutoff(before: now)
        do {
            // Nothing kept as of today: the caller makes the report the usual way.
            if keptOnly, try !pool.read({ try ProfileTallyCache.keeps($0, history: history, cutoff: cutoff) }) {
                return .notKept
            }
        } catch {
            throw readFailure(error)
        }
        let pass = { (db: Database) throws -> ProfilePass in
            try Self.profilePass(db, now: now, history: history, cutoff: cutoff, keptOnly: keptOnly)
        }
        do {
            if pool.configuration.readonly || keptOnly {
                return try pool.read(pass)
            }
            // One deferred transaction: the snapshot is kept only if no other connection
            // wrote since the pass began reading (SQLite refuses the write then: SQLITE_BUSY).
            return try pool.writeWithoutTransaction { db in
                var result: ProfilePass?
                try db.inTransaction(.deferred) {
                    let outcome = try pass(db)
                    if case .tallied(_, let keep?) = outcome {
                        // The cache only saves time: a report it could not keep is still the report.
                        try? ProfileTallyCache.save(db, keep, history: history)
                    }
                    result = outcome
                    return .commit
                }
                return result!
            }
        } catch {
            throw readFailure(error)
        }
    }

    /// A damaged page the pass came to (in a store opened without the whole file's check) makes
    /// the store unreadable; anything else failed the reading.
    func readFailure(_ error: any Error) -> StoreError {
        if let error = error as? DatabaseError, [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode) {
            return .unreadableDatabase(path: path, reason: Self.reason(error))
        }
        return .operationFailed(path: path, operation: "read the records for the profile", reason: Self.reason(error))
    }

    private enum ProfilePass {
        /// The tally of every trial, and the snapshot to keep, if any.
        case tallied(ProfileTally, keep: ProfileTallyCache.Entry?)
        case damaged(table: String, id: Int64)
        /// Only a report from a tally kept as of the cutoff was asked for, and none is kept.
        case notKept
    }

    /// The report from the latest kept snapshot that fits and the trials after it, or from
    /// every trial; with a snapshot as of `cutoff` to keep where it is later than the one used.
    private static func profilePass(_ db: Database, now: Date, history: Bool, cutoff: Int64,
                                    keptOnly: Bool) throws -> ProfilePass {
        // A kept snapshot with the sittings counted from its cutoff on, and the tally it restores.
        var start: (entry: ProfileTallyCache.Entry, sessions: SessionCount?, tally: ProfileTally)?
        for entry in try ProfileTallyCache.entries(db, history: history, notAfter: cutoff) {
            var sessions: SessionCount?
            if history {
                guard let kept = entry.snapshot.sessions else { continue }
                sessions = try countSessions(db, from: entry.cutoff, counter: kept, cutoff: cutoff)
            }
            if let tally = ProfileTally(restoring: entry.snapshot, sessionCount: sessions?.total.sessions, now: now) {
                start = (entry, sessions, tally)
                break
            }
        }
        if keptOnly, start?.entry.cutoff != cutoff { return .notKept }
        let sessions = try start.map(\.sessions)
            ?? (history ? countSessions(db, from: nil, counter: ThresholdHistory.SessionCounter(), cutoff: cutoff) : nil)
        // Rows are stored as trials happen, so the order they were stored in is nearly always
        // the time order: read that way (a plain scan) and sort in SQLite only when a row
        // turns out older than the one before it (an import of older records). From a kept
        // tally on, in time order through the index on the time: in stored order SQLite would
        // scan the whole table to find the few rows after the cutoff.
        for sorted in start == nil ? [false, true] : [true] {
            // From a kept tally there is one pass only (sorted), so the restored tally is used once.
            var tally = start?.tally ?? ProfileTally(sessionCount: sessions?.total.sessions, now: now)
            var snapshot: ProfileTallySnapshot?
            let outcome = try forEachTrial(db, sorted: sorted, from: start?.entry.cutoff) { time, trial in
                // The tally as it stands before the first trial at or after the cutoff.
                if snapshot == nil, time >= cutoff { snapshot = tally.snapshot(sessions: sessions?.atCutoff) }
                tally.add(trial)
            }
            switch outcome {
            case .done:
                let taken = snapshot ?? tally.snapshot(sessions: sessions?.atCutoff)
                let later = start.map { $0.entry.cutoff < cutoff } ?? true
                return .tallied(tally,
                                keep: later ? ProfileTallyCache.Entry(cutoff: cutoff, snapshot: taken) : nil)
            case .damaged(let table, let id):
                return .damaged(table: table, id: id)
            case .outOfOrder:
                continue
            }
        }
        preconditionFailure("a sorted pass is never out of order")
    }

    /// The sittings: all of them (`total`, which sets the history's grouping) and those before `cutoff`.
    private struct SessionCount {
        var total: ThresholdHistory.SessionCounter
        var atCutoff: ThresholdHistory.SessionCounter
    }

    /// Counts the sittings from stored time `from` on (every one where nil), going on from `counter`.
    private static func countSessions(_ db: Database, from: Int64?, counter: ThresholdHistory.SessionCounter,
                                      cutoff: Int64) throws -> SessionCount {
        var counter = counter
        var atCutoff: ThresholdHistory.SessionCounter?
        let times = try Int64.fetchCursor(db, sql: profileTimesSQL(from: from))
        while let time = try times.next() {
            if atCutoff == nil, time >= cutoff { atCutoff = counter }
            counter.add(RecordTimestamp.date(milliseconds: time))
        }
        return SessionCount(total: counter, atCutoff: atCutoff ?? counter)
    }

    enum PassOutcome {
        case done
        case damaged(table: String, id: Int64)
        /// Read in storage order, a row was older than the one before it.
        case outOfOrder
    }

    /// One pass over both pitch tables side by side, oldest first, each row to `body` with its
    /// stored time: every row, or those from stored time `from` on.
    static func forEachTrial(_ db: Database, sorted: Bool, from: Int64?,
                             _ body: (_ time: Int64, PitchTrial) -> Void) throws -> PassOutcome {
        let comparisons = try Row.fetchCursor(db, sql: profileRowsSQL(comparison: true, sorted: sorted, from: from))
        let matchings = try Row.fetchCursor(db, sql: profileRowsSQL(comparison: false, sorted: sorted, from: from))
        var comparison = try nextTrial(comparisons, comparison: true)
        var matching = try nextTrial(matchings, comparison: false)
        var latest = (comparison: Int64.min, matching: Int64.min)
        while true {
            // Oldest first; on a tie the comparison, as the records in memory are ordered.
            let takeComparison: Bool
            switch (comparison, matching) {
            case (nil, nil): return .done
            case (.some(let c), .some(let m)): takeComparison = c.time <= m.time
            case (.some, nil): takeComparison = true
            case (nil, .some): takeComparison = false
            }
            let next = takeComparison ? comparison! : matching!
            guard case .trial(let trial) = next.row else {
                return .damaged(table: takeComparison ? "pitchComparison" : "pitchMatching", id: next.id)
            }
            if takeComparison {
                guard next.time >= latest.comparison else { return .outOfOrder }
                latest.comparison = next.time
            } else {
                guard next.time >= latest.matching else { return .outOfOrder }
                latest.matching = next.time
            }
            body(next.time, trial)
            if takeComparison {
                comparison = try nextTrial(comparisons, comparison: true)
            } else {
                matching = try nextTrial(matchings, comparison: false)
            }
        }
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
                               value: comparison ? .comparison(offset: value, isCorrect: isCorrect == 1) : .matching(error: value),
                               interval: directedInterval(row, referenceNote: Int(note)),
                               tuningSystem: String.fromDatabaseValue(row[9] as DatabaseValue),
                               pooled: (row[10] as Int64?) == 1)
        return (time, id, .trial(trial))
    }

    /// The trial's directed interval from columns 7 (interval) and 8 (target note); nil where
    /// either is not what a record holds (export and `doctor` report those, the profile skips them).
    private static func directedInterval(_ row: Row, referenceNote: Int) -> DirectedInterval? {
        // Through DatabaseValue: GRDB stops the process on a column it cannot convert.
        guard let name = String.fromDatabaseValue(row[7] as DatabaseValue), let interval = intervalsByName[name],
              let target = Int64.fromDatabaseValue(row[8] as DatabaseValue), (0...127).contains(target) else { return nil }
        return DirectedInterval(interval, fromNote: referenceNote, toNote: Int(target))
    }

    /// Looked up once per row: `Interval(abbreviation:)` builds its list of names on every call.
    private static let intervalsByName = Dictionary(uniqueKeysWithValues: Interval.allCases.map { ($0.abbreviation, $0) })

    /// Every pitch timestamp in order: the sittings are counted before the tally starts.
    private static func profileTimesSQL(from: Int64?) -> String {
        let since = from.map { " AND timestamp >= \($0)" } ?? ""
        return """
            SELECT timestamp FROM pitchComparison WHERE typeof(timestamp) = 'integer'\(since)
            UNION ALL SELECT timestamp FROM pitchMatching WHERE typeof(timestamp) = 'integer'\(since) ORDER BY 1
            """
    }

    /// id, timestamp, referenceNote, unison, the value, isCorrect, whether the values the
    /// profile reads are what a trial records (1) or not (0), then interval, targetNote and
    /// tuningSystem for the estimates per interval, and whether the row counts in its
    /// discipline's own figures (1: a unison, or an interval in the iOS app's two tunings; the
    /// others count for their interval in their tuning only): oldest first when `sorted`, else as
    /// stored. The checks are comparisons only (a text or blob sorts above every number, NULL
    /// fails): `typeof()` and an IN list of the interval names cost SQLite three times the read.
    private static func profileRowsSQL(comparison: Bool, sorted: Bool, from: Int64?) -> String {
        // Sorted by SQLite's sorter over a plain scan (NOT INDEXED): walking the identity index
        // costs a table lookup per row, twice the sort (1.5 s against 0.7 s of CPU for 700 000 rows).
        // From a kept snapshot on (`from`, always sorted), SQLite searches the index on the time.
        let order = sorted ? "timestamp, id" : "id"
        let source = sorted && from == nil ? "NOT INDEXED " : ""
        let since = from.map { "WHERE timestamp >= \($0) " } ?? ""
        let limit = Int(Cents.recordedLimit.rawValue)
        func cents(_ column: String) -> String { "\(column) BETWEEN -\(limit) AND \(limit)" }
        let common = "timestamp BETWEEN -9223372036854775807 AND 9223372036854775807 AND referenceNote BETWEEN 0 AND 127"
        if comparison {
            return """
                SELECT id, timestamp, referenceNote, interval = 'P1', centOffset, isCorrect, \
                COALESCE(\(common) AND \(cents("centOffset")) AND isCorrect IN (0, 1), 0), \
                interval, targetNote, tuningSystem, \(pooledRows) \
                FROM pitchComparison \(source)\(since)ORDER BY \(order)
                """
        }
        return """
            SELECT id, timestamp, referenceNote, interval = 'P1', userCentError, 0, \
            COALESCE(\(common) AND \(cents("userCentError")), 0), \
            interval, targetNote, tuningSystem, \(pooledRows) \
            FROM pitchMatching \(source)\(since)ORDER BY \(order)
            """
    }

    /// The error `comparisons()` or `matchings()` gives for the row that failed the check.
    func failure(readingAgain table: String, id: Int64) -> StoreError {
        let path = self.path
        do throws(StoreError) {
            try forEachRow(of: table, filter: "id = \(id)") { row, columns throws(StoreError) in
                let stored = try RowDecoder(path: path, table: table, row: row, columns: columns)
                if table == PitchComparisonRecord.kind.table { _ = try PitchComparisonRecord(stored: stored) } else { _ = try PitchMatchingRecord(stored: stored) }
            }
        } catch {
            return error
        }
        return .corruptRow(path: path, table: table, id: id, column: "?", problem: "not what a trial records")
    }
}
