import Foundation
import GRDB
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore
@testable import PeachReport

/// Issue 30: the profile's tally kept in the store between runs. A report made from it is the
/// report a pass over every row makes (text, JSON, SVG), however the store got there: appends of
/// newer trials keep it, and every other change (older records imported, records deleted,
/// replaced or changed, another schema step, another format, a lost trigger) stops it from
/// being used until a full pass keeps a new one.
@Suite("peach profile: the tally kept between runs", .timeLimit(.minutes(Patience.minutes(2))))
struct ProfileTallyCacheTests {
    static let day: Int64 = 86_400_000
    /// The reports are made as of 2026-03-01; the fixture's trials span the 400 days before.
    static let now = RecordFixtures.date(RecordFixtures.march1)
    static let meantone = try! TuningIdentifier(rawValue: "meantone-1/4")

    typealias Records = (comparisons: [PitchComparisonRecord], matchings: [PitchMatchingRecord])

    /// A sitting of 16 trials on each of `days` from `first` to `last` days before `now` (plus
    /// `shift` ms): all four disciplines, unisons and intervals both ways, in equal temperament,
    /// just intonation and meantone (kept apart), with awkward offsets and errors.
    static func records(days: [Int], shift: Int64 = 0, seed: UInt64 = 1) -> Records {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let offsets = [0.1 + 0.2, 37.123456789, 1e-3, 12.0, 0.5, 99.99999999999, 2.0 / 3.0, 5.25, 8.0, 3.3]
        let intervals: [Interval] = [.prime, .prime, .perfectFifth, .majorThird, .octave, .minorSixth]
        let tunings: [TuningIdentifier] = [.equalTemperament, .justIntonation, meantone]
        var records: Records = ([], [])
        for daysBefore in days {
            let start = RecordFixtures.march1 - Int64(daysBefore) * day + shift
            for trial in 0..<16 {
                let time = start + Int64(trial) * 4_321
                let interval = intervals[next(intervals.count)]
                let tuning = tunings[next(tunings.count)]
                let value = offsets[next(offsets.count)] * Double(1 + next(4)) / 2
                let reference = 40 + next(40)
                if next(3) == 0 {
                    records.matchings.append(RecordFixtures.matching(
                        at: time, reference: reference, interval: interval, up: next(2) == 0, tuning: tuning,
                        initial: Double(next(40)) - 19.75, error: next(2) == 0 ? value : -value))
                } else {
                    records.comparisons.append(RecordFixtures.comparison(
                        at: time, reference: reference, interval: interval, up: next(2) == 0, tuning: tuning,
                        offset: next(2) == 0 ? value : -value, correct: next(4) != 0))
                }
            }
        }
        return records
    }

    /// The fixture: 400 days up to `now`, so some trials lie before every dated figure and some in each.
    static let fixture = records(days: fixtureDays)
    static let fixtureDays = Array(stride(from: 400, through: 20, by: -20)) + [12, 5, 2, 1]

    static func store(_ directory: TemporaryStoreDirectory, _ records: Records = fixture) throws -> TrainingStore {
        let store = try TrainingStore(location: directory.location)
        try importing(records, into: store, mode: .replace)
        return store
    }

    static func importing(_ records: Records, into store: TrainingStore, mode: ImportMode) throws {
        _ = try store.importRecords(ParsedImport(comparisons: records.comparisons.enumerated().map { ($0, $1) },
                                                 matchings: records.matchings.enumerated().map { ($0, $1) }), mode: mode)
    }

    /// The tally (without the history) a store of other trials keeps.
    static func foreignTally() throws -> Data? {
        let other = try TemporaryStoreDirectory()
        defer { other.remove() }
        let donor = try store(other, records(days: fixtureDays, seed: 99))
        _ = try donor.profileReport(now: now, history: false)
        return try donor.pool.read { db in try Data.fetchOne(db, sql: "SELECT tally FROM profileTally WHERE history = 0") }
    }

    /// The kept rows: (history, cutoff) each.
    static func kept(_ store: TrainingStore) throws -> [(history: Int, cutoff: Int64)] {
        try store.pool.read { db in
            guard try db.tableExists(ProfileTallyCache.table) else { return [] }
            return try Row.fetchAll(db, sql: "SELECT history, cutoff FROM profileTally ORDER BY history").map { ($0[0], $0[1]) }
        }
    }

    /// The store's report, with and without the history, is the one every stored record makes
    /// when tallied from the first (read back from the store, so any change to them counts).
    static func expectFullPass(_ store: TrainingStore, now: Date = now, _ comment: Comment,
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let all = ProfileReport(comparisons: try store.stored(PitchComparisonRecord.self).map(\.record),
                                matchings: try store.stored(PitchMatchingRecord.self).map(\.record), now: now)
        let read = try store.profileReport(now: now, history: true)
        let short = try store.profileReport(now: now, history: false)
        #expect(ProfileJSON.render(read) == ProfileJSON.render(all), comment, sourceLocation: sourceLocation)
        #expect(ProfileText.render(read, full: true) == ProfileText.render(all, full: true), comment, sourceLocation: sourceLocation)
        #expect(ProfileSVG.render(read, timeZone: ProfileSVGTests.utc) == ProfileSVG.render(all, timeZone: ProfileSVGTests.utc),
                comment, sourceLocation: sourceLocation)
        #expect(ProfileJSON.render(short) == ProfileJSON.render(all), comment, sourceLocation: sourceLocation)
        #expect(ProfileText.render(short, full: true) == ProfileText.render(all, full: true), comment, sourceLocation: sourceLocation)
    }

    @Test("kept after a report, read by the next: the same text, JSON and SVG as a pass over every row")
    func keptAndRead() throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try Self.store(directory)
        #expect(try Self.kept(store).isEmpty)
        try Self.expectFullPass(store, "cold: nothing kept yet")
        let cutoff = ProfileTallySnapshot.cutoff(before: Self.now)
        // One tally, with the history: the report without it starts from that one too.
        #expect(try Self.kept(store).map(\.history) == [1])
        #expect(try Self.kept(store).allSatisfy { $0.cutoff == cutoff })
        // The fixture has trials on both sides of the cutoff: the kept tally holds some, not all.
        #expect(Self.fixture.comparisons.contains { RecordTimestamp.milliseconds(of: $0.timestamp) < cutoff })
        #expect(Self.fixture.comparisons.contains { RecordTimestamp.milliseconds(of: $0.timestamp) >= cutoff })
        try Self.expectFullPass(store, "warm: from the kept tally")
        // Later: the kept tally is still good, and one as of the later cutoff replaces it.
        let later = Self.now.addingTimeInterval(45 * 86_400)
        try Self.expectFullPass(store, now: later, "45 days later")
        #expect(try Self.kept(store).allSatisfy { $0.cutoff == ProfileTallySnapshot.cutoff(before: later) })
    }

    @Test("the next report starts from the kept tally: a foreign one changes it (so the equality above is no accident)")
    func keptTallyIsWhatTheReportStartsFrom() throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try Self.store(directory)
        let foreign = try Self.foreignTally()
        let before = ProfileJSON.render(try store.profileReport(now: Self.now, history: false))
        try store.pool.write { db in
            try db.execute(sql: "UPDATE profileTally SET tally = ? WHERE history = 0", arguments: [foreign])
        }
        #expect(ProfileJSON.render(try store.profileReport(now: Self.now, history: false)) != before)
    }

    @Test("appending newer trials keeps the kept tally; the report reads them")
    func appendsKeepIt() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try Self.store(directory)
        _ = try store.profileReport(now: Self.now)
        let newer = Self.records(days: [0], shift: 3_600_000, seed: 7)
        for record in newer.comparisons { _ = try await store.save(record) }
        for record in newer.matchings { _ = try await store.save(record) }
        // Imported newer ones too (after the cutoff): still an append as far as the tally goes.
        try Self.importing(Self.records(days: [2], shift: 7_200_000, seed: 8),
                           into: store, mode: .merge)
        #expect(try Self.kept(store).map(\.history) == [1])
        try Self.expectFullPass(store, "after appends")
    }

    /// Each change that is not an append of newer trials, done to a store whose tally is kept.
    enum Change: String, CaseIterable {
        case importOfOlderRecords, importReplacing, deleteAll, deletedRow, updatedRow, anotherMigration,
             anotherFormat, lostTrigger
    }

    @Test("every other change: the report is still a full pass's, and a new tally is kept", arguments: Change.allCases)
    func changesStopIt(_ change: Change) throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try Self.store(directory)
        try Self.expectFullPass(store, "before the change")
        #expect(try Self.kept(store).map(\.history) == [1])
        let older = Self.records(days: [390, 330], shift: 60_000, seed: 5)
        switch change {
        case .importOfOlderRecords:
            try Self.importing(older, into: store, mode: .merge)
        case .importReplacing:
            try Self.importing(Self.records(days: [399, 250, 100, 30, 3], seed: 6), into: store, mode: .replace)
        case .deleteAll:
            try store.deleteAll()
            try Self.importing(older, into: store, mode: .merge)
        case .deletedRow, .updatedRow, .anotherMigration, .anotherFormat, .lostTrigger:
            // What another program (sqlite3, an older or newer peach) may do to the file.
            let sql = switch change {
            case .deletedRow: "DELETE FROM pitchComparison WHERE id = (SELECT MIN(id) FROM pitchComparison)"
            case .updatedRow: "UPDATE pitchMatching SET userCentError = 11.5 WHERE id = (SELECT MIN(id) FROM pitchMatching)"
            case .anotherMigration: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-a-later-step')"
            case .anotherFormat: "UPDATE profileTally SET format = format + 1"
            default: "DROP TRIGGER profileTally_pitchMatching_insert"
            }
            try store.pool.write { db in try db.execute(sql: sql) }
        }
        let emptied: Set<Change> = [.importOfOlderRecords, .importReplacing, .deleteAll, .deletedRow, .updatedRow]
        if emptied.contains(change) { #expect(try Self.kept(store).isEmpty, "the triggers emptied the cache") }
        try Self.expectFullPass(store, "after \(change.rawValue)")
        #expect(try Self.kept(store).map(\.history) == [1], "kept again")
        try Self.expectFullPass(store, "from the new tally after \(change.rawValue)")
    }

    @Test("a replace or a reset deletes in bulk and leaves every trigger in place: another program's deletion still empties the kept tally",
          arguments: [true, false])
    func bulkDeletionKeepsTheTriggers(replacing: Bool) throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try Self.store(directory)
        _ = try store.profileReport(now: Self.now)
        #expect(try Self.kept(store).map(\.history) == [1])
        if replacing {
            try Self.importing(Self.fixture, into: store, mode: .replace)
        } else {
            try store.deleteAll()
            try Self.importing(Self.fixture, into: store, mode: .merge)
        }
        #expect(try Self.kept(store).isEmpty, "emptied by the bulk deletion")
        let triggers = try store.pool.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
        }
        #expect(triggers == ProfileTallyCache.triggerNames.sorted())
        try Self.expectFullPass(store, "after the bulk deletion")
        #expect(try Self.kept(store).map(\.history) == [1])
        try store.pool.write { db in try db.execute(sql: "DELETE FROM pitchMatching WHERE id = (SELECT MAX(id) FROM pitchMatching)") }
        #expect(try Self.kept(store).isEmpty, "the delete trigger is back")
        try Self.expectFullPass(store, "after another program's deletion")
    }

    @Test("a read-only store: read as it is, kept tally or none, and never written")
    func readOnlyStore() throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let writable = try Self.store(directory)
        let reference = ProfileJSON.render(try writable.profileReport(now: Self.now))
        let readOnly = try TrainingStore(location: directory.location, mode: .readOnly)
        #expect(ProfileJSON.render(try readOnly.profileReport(now: Self.now, history: true)) == reference)
        #expect(ProfileJSON.render(try readOnly.profileReport(now: Self.now, history: false)) == reference)
        try writable.pool.write { db in try db.execute(sql: "DELETE FROM profileTally") }
        #expect(ProfileJSON.render(try readOnly.profileReport(now: Self.now, history: false)) == reference)
        #expect(try Self.kept(readOnly).isEmpty, "nothing written through the read-only store")
    }

    @Test("a report as of an earlier time than the kept tally's does not use it")
    func earlierNow() throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try Self.store(directory)
        _ = try store.profileReport(now: Self.now)
        try Self.expectFullPass(store, now: Self.now.addingTimeInterval(-100 * 86_400), "100 days earlier")
    }

    @Test("the kept tally round-trips to the same bits, and the store stays one an older peach opens")
    func roundTripAndOlderPeach() throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try Self.store(directory)
        let exported = try store.exportCSV()
        _ = try store.profileReport(now: Self.now)
        #expect(try store.exportCSV() == exported)
        // No schema step was added: the steps recorded are exactly the ones this peach knows.
        let applied = try store.pool.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
        #expect(Set(applied) == Set(StoreSchema.migrationNames))
        let other = try TemporaryStoreDirectory()
        defer { other.remove() }
        let copy = try TrainingStore(location: other.location)
        _ = try copy.importRecords(try PeachCSVParser.parse(exported), mode: .replace)
        #expect(try copy.exportCSV() == exported)
    }

    @Test("every property of the tally is either kept or made again from the time of the report")
    func everyPropertyAccountedFor() {
        let tally = ProfileTally(sessionCount: 1, now: Self.now)
        // Kept: table, training (the profile and the live trials), disciplines, notes, history,
        // items' intervals, tuningSystems, apart.
        // Made from `now`: weekStart, items' now, starts and windows. weighting: the standard one.
        #expect(Mirror(reflecting: tally).children.compactMap(\.label)
                == ["weighting", "weekStart", "table", "training", "disciplines", "notes", "history", "items"])
        #expect(Mirror(reflecting: tally.training).children.compactMap(\.label) == ["profile", "live"])
        #expect(Mirror(reflecting: tally.items).children.compactMap(\.label)
                == ["now", "weighting", "intervals", "tuningSystems", "apart", "windows", "starts"])
    }
}
