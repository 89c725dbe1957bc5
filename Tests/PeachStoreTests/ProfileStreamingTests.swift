import Foundation
import PeachCore
import Testing
@testable import PeachStore
import PeachTestSupport
@testable import PeachReport

/// Issue 30, item 2, and issue 34, item 17: the store's report is tallied as the rows are read
/// and equals the report from the records in memory; the change since a week ago; `--svg` alone
/// prints no profile text.
@Suite("peach profile: one pass over the store", .timeLimit(.minutes(Patience.minutes(1))))
struct ProfileStreamingTests {
    @Test("the report read row by row from the store equals the one from the records in memory, every figure")
    func storeEqualsMemory() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        let history = RecordFixtures.history()
        for record in history.comparisons { _ = try await store.save(record) }
        for record in history.matchings { _ = try await store.save(record) }
        let now = RecordFixtures.date(RecordFixtures.march1 + 8 * 86_400_000)
        let read = try store.profileReport(now: now)
        let memory = ProfileReport(comparisons: history.comparisons, matchings: history.matchings, now: now)
        #expect(ProfileJSON.render(read) == ProfileJSON.render(memory))
        #expect(ProfileText.render(read, full: true) == ProfileText.render(memory, full: true))
        #expect(ProfileSVG.render(read, timeZone: ProfileSVGTests.utc) == ProfileSVG.render(memory, timeZone: ProfileSVGTests.utc))
        #expect(read.history.sessions == memory.history.sessions)
        #expect(!read.isEmpty && read.thresholds.disciplines.count == 4)
    }

    @Test("records stored out of time order (an import of older ones) are read in time order all the same")
    func storedOutOfOrder() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        let history = RecordFixtures.history()
        for record in history.comparisons.reversed() { _ = try await store.save(record) }
        for record in history.matchings.reversed() { _ = try await store.save(record) }
        let now = RecordFixtures.date(RecordFixtures.march1 + 8 * 86_400_000)
        let memory = ProfileReport(comparisons: history.comparisons, matchings: history.matchings, now: now)
        #expect(ProfileJSON.render(try store.profileReport(now: now)) == ProfileJSON.render(memory))
    }

    @Test("a week ago: the estimate from the trials before the last seven days, and the trials since")
    func changeSinceLastWeek() throws {
        let day: Int64 = 86_400_000
        var old: [PitchComparisonRecord] = []
        var recent: [PitchComparisonRecord] = []
        for index in 0..<40 {
            let offset = Int64(index) * 1000
            old.append(RecordFixtures.comparison(at: RecordFixtures.march1 + offset, offset: Double(4 + index % 9),
                                                 correct: index % 4 != 0))
            recent.append(RecordFixtures.comparison(at: RecordFixtures.march1 + 10 * day + offset, offset: Double(2 + index % 5),
                                                    correct: index % 3 != 0))
        }
        let now = RecordFixtures.date(RecordFixtures.march1 + 12 * day)
        let report = ProfileReport(comparisons: old + recent, matchings: [], now: now)
        let change = try #require(report.weeklyChange[TrainingDiscipline.unisonComparison])
        #expect(change.trialsThisWeek == 40)
        let oldOnly = ProfileReport(comparisons: old, matchings: [], now: now)
        let oldEstimate = oldOnly.thresholds.disciplines[TrainingDiscipline.unisonComparison]?.estimate
        #expect(change.weekAgo == oldEstimate)
        // Nothing new for a week: the estimate has not moved; all new: nothing to compare with.
        #expect(oldOnly.weeklyChange[TrainingDiscipline.unisonComparison]?.trialsThisWeek == 0)
        #expect(ProfileText.render(oldOnly).contains("no trials this week"))
        let fresh = ProfileReport(comparisons: recent, matchings: [], now: now)
        #expect(fresh.weeklyChange[TrainingDiscipline.unisonComparison]?.weekAgo == nil)
        #expect(ProfileText.render(fresh).contains("new this week"))
        // The text, the JSON and the SVG card give the same change.
        let estimate = try #require(report.thresholds.disciplines[TrainingDiscipline.unisonComparison]?.estimate)
        let weekAgo = try #require(change.weekAgo)
        let before: Double = try #require(weekAgo.cents)
        let after: Double = try #require(estimate.cents)
        let delta = String(format: "%+.1f c", after - before)
        #expect(ProfileText.render(report).contains("a week ago \(weekAgo.shortText) (\(delta))"))
        #expect(ProfileSVG.render(report).contains(delta.replacingOccurrences(of: "-", with: "−") + " in a week"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(ProfileJSON.render(report).utf8)) as? [String: Any])
        let threshold = try #require((json["unisonComparison"] as? [String: Any])?["threshold"] as? [String: Any])
        #expect((threshold["weekAgo"] as? [String: Any])?["cents"] as? Double == before)
        #expect(threshold["trialsThisWeek"] as? Int == 40)
    }

    @Test("--svg draws the file and prints one line, not the text profile; --full asks for the text too")
    func svgAlonePrintsNoText() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let file = try directory.write(ProfileReportTests.dataSet, to: "known.csv")
        let peach = try PeachExecutable()
        _ = try await peach.run(["import", file, "--data-dir", directory.url.path], in: directory)
        let svg = directory.path("profile.svg")
        let drawn = try await peach.run(["profile", "--svg", svg, "--data-dir", directory.url.path], in: directory)
        #expect(drawn.status == 0)
        #expect(drawn.stdout == "Profile drawn to \(svg).\n")
        #expect(FileManager.default.fileExists(atPath: svg))
        let both = try await peach.run(["profile", "--svg", svg, "--full", "--data-dir", directory.url.path], in: directory)
        #expect(both.stdout.contains("running figures of the correct answers' |cent offset|"))
        let short = try await peach.run(["profile", "--data-dir", directory.url.path], in: directory)
        #expect(short.stdout.split(separator: "\n").count < both.stdout.split(separator: "\n").count)
    }
}
