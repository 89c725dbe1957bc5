import Foundation
import GRDB
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore
@testable import PeachReport

/// Issue 30: `peach train` starts from the tally `peach profile` keeps in the store and reads only
/// the trials after it. What it starts from, the profile (every discipline, and each interval
/// discipline in each tuning kept apart) and the live threshold estimates, is what every stored
/// record makes, whether a tally was kept or not.
@Suite("peach train's start: from the kept tally, as from every record", .timeLimit(.minutes(2)))
struct TrainingStartTests {
    typealias Fixture = ProfileTallyCacheTests
    static let now = Fixture.now
    static let tunings: [TuningIdentifier] = [.equalTemperament, .justIntonation, Fixture.meantone]

    /// The start equals the one built from every stored record, read back and fed in time order.
    static func expectFullPass(_ store: TrainingStore, now: Date = now, weighting: RecencyWeighting = .standard,
                               _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let comparisons = try store.stored(PitchComparisonRecord.self).map(\.record)
        let matchings = try store.stored(PitchMatchingRecord.self).map(\.record)
        let profile = PerceptualProfile(comparisons: comparisons, matchings: matchings)
        let thresholds = LiveThresholds(comparisons: comparisons, matchings: matchings, weighting: weighting)
        let start = try store.trainingStart(now: now, weighting: weighting)
        var compared = 0
        for discipline in TrainingDiscipline.allCases {
            for tuning in tunings {
                #expect(start.profile.statistics(for: discipline, in: tuning) == profile.statistics(for: discipline, in: tuning),
                        "\(comment): \(discipline) in \(tuning)", sourceLocation: sourceLocation)
                #expect(start.thresholds.estimate(for: discipline, in: tuning) == thresholds.estimate(for: discipline, in: tuning),
                        "\(comment): \(discipline) in \(tuning)", sourceLocation: sourceLocation)
                if thresholds.estimate(for: discipline, in: tuning) != nil { compared += 1 }
            }
        }
        // Every discipline has estimates, and meantone's intervals theirs apart.
        #expect(compared == 4 * 3, "\(comment): estimates compared", sourceLocation: sourceLocation)
    }

    @Test("cold (nothing kept: the profile's pass, kept for the next) and warm (from the kept tally): as every record makes it")
    func coldAndWarm() throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try Fixture.store(directory)
        #expect(try Fixture.kept(store).isEmpty)
        try Self.expectFullPass(store, "cold")
        #expect(try Fixture.kept(store).map(\.cutoff) == [ProfileTallySnapshot.cutoff(before: Self.now)], "kept by the start")
        try Self.expectFullPass(store, "warm")
        // A window of 20 trials: meantone's intervals are not among the latest 20 interval trials,
        // and still have their own 20.
        try Self.expectFullPass(store, weighting: RecencyWeighting(halfLife: 2), "warm, 20 trials a window")
    }

    @Test("a first training's empty store: nothing tallied and nothing written; its first trials are read by the next start")
    func emptyStore() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        let start = try store.trainingStart(now: Self.now)
        #expect(start.profile.statistics(for: .unisonComparison) == nil)
        #expect(start.thresholds.estimate(for: .unisonComparison) == nil)
        #expect(try Fixture.kept(store).isEmpty, "no tally kept")
        let first = Fixture.records(days: [6, 5, 4, 3, 2, 1], seed: 3)
        for record in first.comparisons { _ = try await store.save(record) }
        for record in first.matchings { _ = try await store.save(record) }
        try Self.expectFullPass(store, "after the first trials")
    }

    @Test("the tally kept by `peach profile` (with the history) serves a start too, and trials saved since are read")
    func afterAReportAndAppends() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try Fixture.store(directory)
        _ = try store.profileReport(now: Self.now, history: true)
        #expect(try Fixture.kept(store).map(\.history) == [1])
        let newer = Fixture.records(days: [0], shift: 3_600_000, seed: 7)
        for record in newer.comparisons { _ = try await store.save(record) }
        for record in newer.matchings { _ = try await store.save(record) }
        try Self.expectFullPass(store, "after appends")
        #expect(try Fixture.kept(store).map(\.history) == [1], "nothing new kept: the kept tally fits")
    }

    @Test("a warm start reads the kept tally, not the rows before it: a foreign one changes the start")
    func startsFromTheKeptTally() throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try Fixture.store(directory)
        _ = try store.trainingStart(now: Self.now)
        let foreign = try Fixture.foreignTally()
        try store.pool.write { db in try db.execute(sql: "UPDATE profileTally SET tally = ?", arguments: [foreign]) }
        let start = try store.trainingStart(now: Self.now)
        let own = PerceptualProfile(comparisons: try store.stored(PitchComparisonRecord.self).map(\.record),
                                    matchings: try store.stored(PitchMatchingRecord.self).map(\.record))
        #expect(start.profile.statistics(for: .unisonComparison) != own.statistics(for: .unisonComparison))
    }

    @Test("a kept tally over 30 days behind is caught up and kept again; one within 30 days is used as it is")
    func catchUp() throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try Fixture.store(directory)
        _ = try store.trainingStart(now: Self.now)
        let first = ProfileTallySnapshot.cutoff(before: Self.now)
        let soon = Self.now.addingTimeInterval(20 * 86_400)
        try Self.expectFullPass(store, now: soon, "20 days later")
        #expect(try Fixture.kept(store).map(\.cutoff) == [first])
        let later = Self.now.addingTimeInterval(45 * 86_400)
        try Self.expectFullPass(store, now: later, "45 days later")
        #expect(try Fixture.kept(store).map(\.cutoff) == [ProfileTallySnapshot.cutoff(before: later)])
    }

    @Test("after a change that empties the kept tally, or one of an older format, the start is still every record's",
          arguments: [ProfileTallyCacheTests.Change.importOfOlderRecords, .deletedRow, .updatedRow, .anotherFormat])
    func changes(_ change: ProfileTallyCacheTests.Change) throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try Fixture.store(directory)
        _ = try store.trainingStart(now: Self.now)
        switch change {
        case .importOfOlderRecords:
            try Fixture.importing(Fixture.records(days: [390, 330], shift: 60_000, seed: 5), into: store, mode: .merge)
        default:
            let sql = switch change {
            case .deletedRow: "DELETE FROM pitchComparison WHERE id = (SELECT MIN(id) FROM pitchComparison)"
            case .updatedRow: "UPDATE pitchMatching SET userCentError = 11.5 WHERE id = (SELECT MIN(id) FROM pitchMatching)"
            default: "UPDATE profileTally SET format = format - 1"
            }
            try store.pool.write { db in try db.execute(sql: sql) }
        }
        try Self.expectFullPass(store, "after \(change.rawValue)")
        try Self.expectFullPass(store, "from the tally kept after \(change.rawValue)")
    }
}
