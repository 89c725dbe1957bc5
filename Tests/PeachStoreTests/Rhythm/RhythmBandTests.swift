import Foundation
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore
@testable import PeachReport

/// Issue 33's rhythm items: estimates per tempo band and side, read from a real store, shown
/// only where the trials support them.
@Suite("peach profile: rhythm per tempo band and side", .timeLimit(.minutes(Patience.minutes(2))))
struct RhythmBandTests {
    static let start = RecordFixtures.march1

    /// Slow band: 128 trials a side (64 at 80 BPM, 64 at 70 BPM; early 4 %, late 8 %) and 40 taps
    /// landing 5 % early; medium band: 10 trials a side at 100 BPM; fast band: 6 taps at 150 BPM.
    static func store(in directory: TemporaryStoreDirectory) async throws -> TrainingStore {
        let store = try TrainingStore(location: directory.location)
        let detections = try RhythmProfileTests.detections(at: Self.start, tempo: 80)
            + RhythmProfileTests.detections(at: Self.start + 600_000, tempo: 70)
            + RhythmProfileTests.detections(at: Self.start + 900_000, tempo: 100, count: 10)
        let spread = [-6.0, -3, 0, 3, 6]
        let taps = try RhythmProfileTests.taps(at: Self.start + 1_200_000, (0..<40).map { -5 + spread[$0 % spread.count] })
            + RhythmProfileTests.taps(at: Self.start + 1_500_000, tempo: 150, [2, -1, 0, 3, 1, -2])
        for record in detections.sorted(by: { $0.timestamp < $1.timestamp }) { _ = try await store.save(record) }
        for record in taps { _ = try await store.save(record) }
        return store
    }

    @Test("bands pool their tempos; each side's threshold from 30 trials on, the taps' side when their mean says so")
    func estimates() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let bands = try await Self.store(in: directory).profileReport().rhythm.bands

        #expect(bands.detection.map(\.band) == [.slow, .medium])
        let slow = try #require(bands.detection.first)
        #expect(slow.early.trials == 128 && slow.late.trials == 128)
        let early = try #require(slow.early.threshold), late = try #require(slow.late.threshold)
        #expect(early.covers(4) && late.covers(8), "early \(early), late \(late)")
        // A broken estimator (or the sides swapped) puts the early side far from 4 %.
        let (earlyCents, lateCents) = (try #require(early.cents), try #require(late.cents))
        #expect(abs(earlyCents - 4) < 1.5 && abs(lateCents - 8) < 3)
        let medium = try #require(bands.detection.last)
        #expect(medium.early.trials == 10 && medium.early.threshold == nil && medium.late.threshold == nil)

        #expect(bands.matching.map(\.band) == [.slow, .fast])
        let taps = try #require(bands.matching.first)
        #expect(taps.taps == 40 && taps.side == .early)
        let bias = try #require(taps.bias)
        #expect(bias.contains(-5) && bias.upperBound < 0)
        let spread = try #require(taps.fit?.spread)
        #expect(spread.covers(([-6.0, -3, 0, 3, 6].map { $0 * $0 }.reduce(0, +) / 5).squareRoot()))
        let fast = try #require(bands.matching.last)
        #expect(fast.taps == 6 && fast.fit == nil && fast.side == nil)
    }

    @Test("the text leads the rhythm part with the bands; --json carries them under rhythm.bands")
    func shown() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let report = try await Self.store(in: directory).profileReport()

        let lines = ProfileText.render(report).split(separator: "\n").map(String.init)
        let heading = try #require(lines.firstIndex { $0.hasPrefix("Rhythm by tempo band") })
        let slow = lines[heading + 1]
        #expect(slow.hasPrefix("  rhythm offset detection, slow (under 90 BPM): early ") && slow.contains(" % (") && slow.contains(", 128 trials · late "))
        #expect(lines[heading + 2] == "  rhythm offset detection, medium (90–129 BPM): early not enough data yet (10 trials) "
            + "· late not enough data yet (10 trials)")
        #expect(lines[heading + 3].hasPrefix("  rhythm matching, slow (under 90 BPM): taps land early by 5"))
        #expect(lines[heading + 3].hasSuffix(", 40 taps"))
        #expect(lines[heading + 4] == "  rhythm matching, fast (130 BPM and up): not enough data yet (6 taps)")

        let json = try RhythmProfileTests.object(ProfileJSON.render(report))
        let bands = try #require((json["rhythm"] as? [String: Any])?["bands"] as? [String: Any])
        let detection = try #require(bands["offsetDetection"] as? [[String: Any]])
        #expect(detection.compactMap { $0["band"] as? String } == ["slow", "medium"])
        let early = try #require(detection.first?["early"] as? [String: Any])
        #expect(early["trials"] as? Int == 128 && (early["threshold"] as? [String: Any])?["kind"] as? String == "interval")
        #expect((detection.last?["late"] as? [String: Any])?["threshold"] is NSNull)
        let matching = try #require(bands["matching"] as? [[String: Any]])
        #expect(matching.first?["side"] as? String == "early" && matching.first?["tempos"] as? String == "under 90 BPM")
        #expect(matching.last?["side"] is NSNull && matching.last?["spread"] is NSNull)
    }

    @Test("the SVG leads the rhythm part with the bands: the text's figures, and 'not enough data yet' where it says so")
    func drawn() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let report = try await Self.store(in: directory).profileReport()
        let parsed = try SVGCheck.parse(ProfileSVG.render(report, timeZone: ProfileSVGTests.utc))
        let lines = ProfileText.render(report).split(separator: "\n").map(String.init)
        func texts(_ classes: String...) -> [String] {
            parsed.elements.filter { element in element.name == "text" && classes.allSatisfy(element.groups.contains) }
                .map(\.text)
        }

        // Detection, slow band: each side's value and interval as the text gives them, over its band.
        let slow = try #require(report.rhythm.bands.detection.first)
        let textLine = try #require(lines.first { $0.hasPrefix("  rhythm offset detection, slow") })
        for (side, estimate) in [("early", try #require(slow.early.threshold)), ("late", try #require(slow.late.threshold))] {
            let value = RhythmEstimateText.value(estimate), range = try #require(RhythmEstimateText.range(estimate))
            #expect(textLine.contains("\(side) \(value) (\(range))"), "\(textLine)")
            #expect(texts("bands", "band detection slow", side) == [value, range, "128"])
            let cell = parsed.within("bands", "band detection slow", side)
            let band = try #require(cell.first { $0.attributes["class"] == "band" })
            let line = try #require(cell.first { $0.name == "line" })
            let (top, height) = (try #require(band.attributes["y"].flatMap(Double.init)),
                                 try #require(band.attributes["height"].flatMap(Double.init)))
            let y = try #require(line.attributes["y1"].flatMap(Double.init))
            #expect(height > 0 && top <= y && y <= top + height, "the estimate inside its interval")
        }
        // Medium band: 10 trials a side, no estimate.
        for side in ["early", "late"] {
            #expect(texts("bands", "band detection medium", side) == ["not enough", "data yet", "10 of 30"])
            #expect(!parsed.within("bands", "band detection medium", side).contains { $0.attributes["class"] == "band" })
        }
        #expect(texts("bands", "band detection slow").suffix(2) == ["slow", "(under 90 BPM)"])

        // Matching: the slow band's taps land early, in the text's words; the fast band has 6 taps.
        let taps = try #require(report.rhythm.bands.matching.first)
        let fit = try #require(taps.fit), bias = try #require(taps.bias)
        let early = "early by \(RhythmEstimateText.percent(-fit.bias))"
        let range = "\(RhythmEstimateText.number(-bias.upperBound))–\(RhythmEstimateText.number(-bias.lowerBound))"
        let tapLine = try #require(lines.first { $0.hasPrefix("  rhythm matching, slow") })
        #expect(tapLine.contains("taps land \(early) (\(range))"), "\(tapLine)")
        #expect(texts("bands", "band matching slow").prefix(3)
                == [early, range, "40 taps · SD \(RhythmEstimateText.value(fit.spread))"])
        #expect(texts("bands", "band matching fast").prefix(3) == ["not enough", "data yet", "6 of 30 taps"])
        #expect(texts("bands").contains("By tempo band: each side of the beat, from its own trials"))
        // The tempo rows follow the bands, as the text's per-tempo lines follow its band lines.
        let bandsAt = try #require(parsed.elements.firstIndex { $0.groups.contains("bands") })
        let rowsAt = try #require(parsed.elements.firstIndex { $0.groups.contains("tempo 80") })
        #expect(bandsAt < rowsAt)
    }
}
