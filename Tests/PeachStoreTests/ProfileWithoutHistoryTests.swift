import Foundation
import PeachCore
import Testing
@testable import PeachStore
import PeachTestSupport
@testable import PeachReport

/// Issue 30: `peach profile` and `--json` skip the history (only the SVG draws it); what they
/// print must not change.
@Suite("peach profile: the report without its history", .timeLimit(.minutes(Patience.minutes(1))))
struct ProfileWithoutHistoryTests {
    @Test("text and JSON are those of the full report; the history is empty")
    func sameTextAndJSON() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let (full, lean) = try await Self.reports(in: directory)
        #expect(!full.history.sessions.isEmpty)
        #expect(lean.history.sessions.isEmpty && lean.history.points.isEmpty)
        #expect(ProfileJSON.render(lean) == ProfileJSON.render(full))
        #expect(ProfileText.render(lean, full: true) == ProfileText.render(full, full: true))
        #expect(ProfileText.render(lean, full: false) == ProfileText.render(full, full: false))
    }

    /// The fixtures' pitch history stored, and its report with and without the history.
    static func reports(in directory: TemporaryStoreDirectory) async throws -> (full: ProfileReport, lean: ProfileReport) {
        let store = try TrainingStore(location: directory.location)
        let fixtures = RecordFixtures.history()
        let records: [any Sendable] = fixtures.comparisons + fixtures.matchings
        for record in records {
            if let comparison = record as? PitchComparisonRecord { _ = try await store.save(comparison) }
            if let matching = record as? PitchMatchingRecord { _ = try await store.save(matching) }
        }
        let now = RecordFixtures.date(RecordFixtures.march1 + 8 * 86_400_000)
        return (try store.profileReport(now: now), try store.profileReport(now: now, history: false))
    }
}
