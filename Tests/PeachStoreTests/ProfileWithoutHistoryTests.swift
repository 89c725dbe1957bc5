import Foundation
import PeachCore
import Testing
@testable import PeachStore

/// Issue 30: `peach profile` and `--json` skip the history (only the SVG draws it); what they
/// print must not change.
@Suite("peach profile: the report without its history", .timeLimit(.minutes(1)))
struct ProfileWithoutHistoryTests {
    @Test("text and JSON are those of the full report; the history is empty")
    func sameTextAndJSON() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        let history = RecordFixtures.history()
        for record in history.comparisons { _ = try await store.save(record) }
        for record in history.matchings { _ = try await store.save(record) }
        let now = RecordFixtures.date(RecordFixtures.march1 + 8 * 86_400_000)
        let full = try store.profileReport(now: now)
        let lean = try store.profileReport(now: now, history: false)
        #expect(!full.history.sessions.isEmpty)
        #expect(lean.history.sessions.isEmpty && lean.history.points.isEmpty)
        #expect(ProfileJSON.render(lean) == ProfileJSON.render(full))
        #expect(ProfileText.render(lean, full: true) == ProfileText.render(full, full: true))
        #expect(ProfileText.render(lean, full: false) == ProfileText.render(full, full: false))
    }
}
