import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore
@testable import PeachReport

/// Issue 32: every tuning's intervals are items of their own in `peach profile` (text, JSON,
/// SVG), read from a real store holding records of three tunings.
@Suite("Profile items per tuning", .timeLimit(.minutes(Patience.minutes(2))))
struct TunedProfileItemsTests {
    static let meantone = try! TuningIdentifier(rawValue: "meantone-1/4")
    static let werckmeister = try! TuningIdentifier(rawValue: "werckmeister-iii")

    /// `count` comparisons of `interval` up from C4 in `tuning`, from `start` on, 2 s apart: at
    /// eight offsets spread around `threshold`, as many right as a listener with that threshold gets.
    static func trials(_ interval: Interval, in tuning: TuningIdentifier, threshold: Double, count: Int = 40,
                       from start: Int64) throws -> [PitchComparisonRecord] {
        let function = try PsychometricFunction(threshold: threshold, slope: 2, lapseRate: 0)
        let offsets = [0.25, 0.5, 0.75, 1, 1.33, 1.67, 2.2, 3.3].map { $0 * threshold }
        let rounds = count / offsets.count
        return (0..<count).map { index in
            let offset = offsets[index % offsets.count]
            let isCorrect = Double(index / offsets.count) < function.probabilityCorrect(at: offset) * Double(rounds)
            return RecordFixtures.comparison(at: start + Int64(index) * 2_000, interval: interval, tuning: tuning,
                                             offset: index % 2 == 0 ? offset : -offset, correct: isCorrect)
        }
    }

    /// Equal temperament: M3u (6 c) and P5u (4 c); meantone M3u (12 c); Werckmeister M3u (30 c),
    /// interleaved in time as a listener switching tunings would train.
    static func threeTunings() throws -> [PitchComparisonRecord] {
        let base = RecordFixtures.march1
        return try trials(.majorThird, in: .equalTemperament, threshold: 6, from: base)
            + trials(.majorThird, in: meantone, threshold: 12, from: base + 1_000)
            + trials(.perfectFifth, in: .equalTemperament, threshold: 4, from: base + 500_000)
            + trials(.majorThird, in: werckmeister, threshold: 30, from: base + 501_000)
    }

    static func store(holding records: [PitchComparisonRecord],
                      in directory: TemporaryStoreDirectory) async throws -> TrainingStore {
        let store = try TrainingStore(location: directory.location)
        for record in records { _ = try await store.save(record) }
        return store
    }

    @Test("each tuning's intervals are items of their own; the discipline's figures stay the iOS two's")
    func itemsApart() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let records = try Self.threeTunings()
        let report = try await Self.store(holding: records, in: directory).profileReport()

        #expect(report.thresholds.disciplines[.intervalComparison]?.estimate.trials == 80)
        #expect(report.statistics[.intervalComparison]?.count == records.filter {
            $0.tuningSystem == .equalTemperament && $0.isCorrect
        }.count)
        let items = report.intervals[.intervalComparison] ?? []
        #expect(items.map { "\($0.interval.abbreviation) \($0.tuningSystem) \($0.trials)" }.sorted()
                == ["M3u equalTemperament 40", "M3u meantone-1/4 40", "M3u werckmeister-iii 40", "P5u equalTemperament 40"])
        #expect(items.allSatisfy { $0.estimate != nil })
        #expect(report.otherTunings.map { "\($0.tuningSystem) \($0.trials)" } == ["meantone-1/4 40", "werckmeister-iii 40"])
        // One interval per other tuning: its item and the tuning's own estimate are the same trials,
        // weighted alike (by their place among that tuning's trials, not the discipline's).
        for other in report.otherTunings {
            let item = try #require(items.first { $0.tuningSystem == other.tuningSystem })
            #expect(item.estimate == other.threshold?.estimate)
        }
        let cents = Dictionary(uniqueKeysWithValues: items.filter { $0.interval.interval == .majorThird }.map {
            ($0.tuningSystem, $0.estimate?.cents ?? .nan)
        })
        #expect(cents["equalTemperament"]! < cents["meantone-1/4"]! && cents["meantone-1/4"]! < cents["werckmeister-iii"]!,
                "\(cents)")
        // The weakest item is named in its tuning, ranked among every tuning's.
        guard case .interval(let weakest, let tuning) = report.weakSpots(of: .intervalComparison).intervals.first?.item else {
            Issue.record("no weakest interval")
            return
        }
        #expect(weakest == DirectedInterval(.majorThird, .up) && tuning == "werckmeister-iii")

        // The report from the records in memory is the store's.
        let inMemory = ProfileReport(comparisons: records, matchings: [])
        #expect(inMemory.intervals == report.intervals)
        #expect(inMemory.otherTunings == report.otherTunings)
        #expect(inMemory.thresholds == report.thresholds)
    }

    @Test("text names each item's tuning, and gives each other tuning its estimate")
    func text() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let report = try await Self.store(holding: try Self.threeTunings(), in: directory).profileReport()
        let full = ProfileText.render(report, full: true)
        let byInterval = try #require(full.split(separator: "\n").first { $0.hasPrefix("  by interval: M3u") })
        for name in ["M3u (equal temperament)", "M3u (meantone-1/4)", "M3u (werckmeister-iii)", "P5u (equal temperament)"] {
            #expect(byInterval.contains(name), "\(byInterval)")
        }
        #expect(full.contains("Interval comparison in werckmeister-iii (kept apart"))
        let short = ProfileText.render(report).split(separator: "\n").map(String.init)
        let meantoneLine = try #require(short.first { $0.hasPrefix("Interval comparison in meantone-1/4") })
        #expect(meantoneLine.contains("threshold") && meantoneLine.hasSuffix(", 40 trials"), "\(meantoneLine)")
        let weakLine = try #require(short.first { $0.hasPrefix("Interval comparison, by interval — weakest: ") })
        #expect(weakLine.hasPrefix("Interval comparison, by interval — weakest: major third up (werckmeister-iii) "), "\(weakLine)")
        #expect(weakLine.contains("; strongest: fifth up (equal temperament) "), "\(weakLine)")
    }

    @Test("JSON: every item carries its tuning; the other tunings stand apart, keyed by identifier")
    func json() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let report = try await Self.store(holding: try Self.threeTunings(), in: directory).profileReport()
        let json = try #require(try JSONSerialization.jsonObject(with: Data(ProfileJSON.render(report).utf8)) as? [String: Any])
        let threshold = try #require((json["intervalComparison"] as? [String: Any])?["threshold"] as? [String: Any])
        let pooled = try #require(threshold["intervals"] as? [[String: Any]])
        #expect(pooled.map { $0["interval"] as? String } == ["M3u", "P5u"])
        #expect(pooled.allSatisfy { $0["tuning"] as? String == "equalTemperament" })
        let others = try #require(json["otherTunings"] as? [String: [String: Any]])
        #expect(Set(others.keys) == ["meantone-1/4", "werckmeister-iii"])
        for (tuning, object) in others {
            #expect(object["name"] as? String == tuning)
            let discipline = try #require(object["intervalComparison"] as? [String: Any])
            #expect(discipline["trials"] as? Int == 40)
            #expect(discipline["kind"] as? String == "interval")
            let items = try #require(discipline["intervals"] as? [[String: Any]])
            #expect(items.count == 1)
            #expect(items.first?["tuning"] as? String == tuning)
            #expect(items.first?["interval"] as? String == "M3u")
        }
        #expect((others["werckmeister-iii"]?["intervalComparison"] as? [String: Any])?["intervalMatching"] == nil)
    }

    @Test("SVG: a column per interval and tuning, the tuning named under it, the weakest in its tuning")
    func svg() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let report = try await Self.store(holding: try Self.threeTunings(), in: directory).profileReport()
        let parsed = try SVGCheck.parse(ProfileSVG.render(report, timeZone: TimeZone(identifier: "UTC")!))
        let panel = parsed.within("intervals")
        for tuning in ["meantone-1/4", "werckmeister-iii", "equalTemperament"] {
            #expect(panel.contains { $0.groups.contains("interval intervalComparison M3u \(tuning)") }, "\(tuning)")
        }
        let labels = panel.filter { $0.name == "text" }.map(\.text)
        #expect(labels.filter { $0 == "M3u" }.count == 3)
        #expect(labels.contains("meantone-1/4") && labels.contains("werckmeister-iii") && labels.contains("equal temperament"))
        #expect(labels.contains { $0.hasSuffix("in each tuning, from its own trials") })
        let weak = panel.filter { $0.name == "text" && $0.attributes["fill"] == SVGStyle.weak }.map(\.text)
        #expect(weak == ["M3u", "werckmeister-iii"], "\(weak)")
    }

    @Test("trained only in a temperament: the profile is not empty, and says where the trials are")
    func onlyApart() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let records = try Self.trials(.majorThird, in: Self.meantone, threshold: 12, from: RecordFixtures.march1)
        let report = try await Self.store(holding: records, in: directory).profileReport()
        #expect(!report.isEmpty)
        #expect(report.thresholds.disciplines.isEmpty)
        let short = ProfileText.render(report)
        // Padded as the longest title, the tuning's, and two spaces.
        let width = "Interval comparison in meantone-1/4".count + 2
        #expect(short.contains("Interval comparison".padding(toLength: width, withPad: " ", startingAt: 0)
                               + "no trials yet in equal temperament or just intonation"), "\(short)")
        #expect(short.contains("Interval comparison in meantone-1/4  threshold "), "\(short)")
        let full = ProfileText.render(report, full: true)
        #expect(full.contains("Interval comparison: no data yet in equal temperament or just intonation\n  by interval: M3u "),
                "\(full)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(ProfileJSON.render(report).utf8)) as? [String: Any])
        #expect((json["intervalComparison"] as? [String: Any])?["threshold"] is NSNull)
        #expect((json["otherTunings"] as? [String: Any])?.keys.sorted() == ["meantone-1/4"])
    }
}
