import Foundation
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore
@testable import PeachReport

@Suite("peach profile: rhythm", .timeLimit(.minutes(Patience.minutes(1))))
struct RhythmProfileTests {
    static let start = RecordFixtures.march1

    /// `count` detections per side at `tempo` from `at` on, 3 s apart: at each of eight offsets (in
    /// percent of a sixteenth) as many right as a listener with these thresholds would get.
    static func detections(at: Int64, tempo: Int = 80, early: Double = 4, late: Double = 8,
                           count: Int = 64) throws -> [RhythmOffsetDetectionRecord] {
        let percents = [1.0, 2, 3, 4, 6, 8, 12, 20]
        let rounds = max(1, count / percents.count)
        var records: [RhythmOffsetDetectionRecord] = []
        for (side, threshold) in [(-1.0, early), (1.0, late)] {
            let function = try PsychometricFunction(threshold: threshold, slope: 2, lapseRate: 0)
            for index in 0..<count {
                let percent = percents[index % percents.count]
                let isCorrect = Double(index / percents.count) < function.probabilityCorrect(at: percent) * Double(rounds)
                let offset = try RhythmOffset(percentOfSixteenth: side * percent, at: try TempoBPM(tempo))
                records.append(RhythmOffsetDetectionRecord(
                    timestamp: RecordFixtures.date(at + Int64(records.count) * 3000), tempo: try TempoBPM(tempo),
                    offset: offset, isCorrect: isCorrect))
            }
        }
        return records.sorted { $0.timestamp < $1.timestamp }
    }

    /// Taps at these percentages of a sixteenth, 3 s apart.
    static func taps(at: Int64, tempo: Int = 80, _ percents: [Double]) throws -> [RhythmMatchingRecord] {
        try percents.enumerated().map { index, percent in
            RhythmMatchingRecord(timestamp: RecordFixtures.date(at + Int64(index) * 3000), tempo: try TempoBPM(tempo),
                                 userOffset: try RhythmOffset(percentOfSixteenth: percent, at: try TempoBPM(tempo)))
        }
    }

    @Test("per tempo and side, in percent of a sixteenth: each side's threshold from every trial, the taps' mean and spread")
    func figures() throws {
        let report = RhythmReport(
            detections: try Self.detections(at: Self.start, tempo: 120) + Self.detections(at: Self.start + 600_000, tempo: 80),
            matchings: try Self.taps(at: Self.start + 1_200_000, [-10, -5, 0, 5, -15, -5]),
            weighting: RecencyWeighting(halfLife: .infinity))
        #expect(report.detection.map(\.tempo.value) == [80, 120])
        let detection = try #require(report.detection.first)
        #expect(detection.early.trials == 64 && detection.late.trials == 64)
        let early = try #require(detection.early.threshold?.cents), late = try #require(detection.late.threshold?.cents)
        #expect(abs(early - 4) < 1 && abs(late - 8) < 2, "early \(early), late \(late)")
        // The profile's figures count the correct answers only, as for pitch comparison.
        let correctEarly = try Self.detections(at: Self.start, tempo: 80).filter { $0.isCorrect && $0.offset.direction == .early }
        #expect(detection.early.statistics?.count == correctEarly.count && correctEarly.count < 64)

        let matching = try #require(report.matching.first)
        #expect(matching.tempo.value == 80 && matching.taps == 6)
        #expect(abs(matching.fit.bias - -5) < 1e-9)
        let sd = (([-10.0, -5, 0, 5, -15, -5].map { ($0 + 5) * ($0 + 5) }.reduce(0, +)) / 5).squareRoot()
        #expect(abs(try #require(matching.fit.spread.cents) - sd) < 0.05 * sd)
        // On the beat counts as late, as a record's direction does.
        #expect(matching.earlyTaps == 4 && matching.lateTaps == 2)
        #expect(matching.early?.mean == 35.0 / 4 && matching.late?.mean == 2.5)
    }

    @Test("the text: per tempo both sides and the taps as '2.2 % early'; one line when nothing rhythm is stored")
    func text() throws {
        let pitch = [RecordFixtures.comparison(at: Self.start, offset: 12.5, correct: true)]
        let none = ProfileText.render(ProfileReport(comparisons: pitch, matchings: []))
        #expect(none.hasSuffix("\n\nRhythm: no training yet.\n"))
        #expect(ProfileText.render(ProfileReport(comparisons: [], matchings: [])).hasPrefix("No training data yet"))

        let rhythm = RhythmReport(detections: try Self.detections(at: Self.start),
                                  matchings: try Self.taps(at: Self.start + 600_000, [-10, -5, 0, 5, -15, -5]),
                                  weighting: RecencyWeighting(halfLife: .infinity))
        let text = ProfileText.render(ProfileReport(comparisons: pitch, matchings: [], rhythm: rhythm))
        let lines = text.split(separator: "\n").map(String.init)
        let detection = try #require(lines.first { $0.hasPrefix("  80 BPM   early ") })
        #expect(detection.contains(", 64 trials   late ") && detection.hasSuffix(", 64 trials"))
        #expect(lines.contains { $0.hasPrefix("           correct answers: early mean ") })
        let taps = try #require(lines.last { $0.hasPrefix("  80 BPM   on average ") })
        #expect(taps.hasPrefix("  80 BPM   on average 5 % early, spread (SD) ") && taps.hasSuffix(", 6 taps"))
        #expect(lines.last == "           early: 4 taps, mean 8.8 %, trend improving · late: 2 taps, mean 2.5 %, trend stable")
    }

    @Test("the JSON: a rhythm object after the pitch ones, an object per tempo, empty arrays without data")
    func json() throws {
        let empty = try Self.object(ProfileJSON.render(ProfileReport(comparisons: [], matchings: [])))
        let none = try #require(empty["rhythm"] as? [String: Any])
        #expect((none["offsetDetection"] as? [Any])?.isEmpty == true && (none["matching"] as? [Any])?.isEmpty == true)
        #expect(empty["unisonComparison"] != nil)

        let rhythm = RhythmReport(detections: try Self.detections(at: Self.start, tempo: 97),
                                  matchings: try Self.taps(at: Self.start + 600_000, tempo: 60, [-4, -2]))
        let all = try Self.object(ProfileJSON.render(ProfileReport(comparisons: [], matchings: [], rhythm: rhythm)))
        let object = try #require(all["rhythm"] as? [String: Any])
        let detection = try #require((object["offsetDetection"] as? [[String: Any]])?.first)
        #expect(detection["tempoBPM"] as? Int == 97)
        let early = try #require(detection["early"] as? [String: Any])
        #expect(early["trials"] as? Int == 64)
        let threshold = try #require(early["threshold"] as? [String: Any])
        #expect(threshold["kind"] as? String == "interval" && threshold["percent"] is Double)
        let matching = try #require((object["matching"] as? [[String: Any]])?.first)
        #expect(matching["tempoBPM"] as? Int == 60 && matching["taps"] as? Int == 2)
        #expect(try #require(matching["meanOffset"] as? Double) < -2)
        #expect((matching["late"] as? [String: Any])?["taps"] as? Int == 0)
        #expect((matching["late"] as? [String: Any])?["mean"] is NSNull)
    }

    static func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test("over time: a point per tempo for each session that trained it; sessions split at 30 minutes")
    func history() throws {
        let hour: Int64 = 3_600_000
        let history = RhythmHistory(
            detections: try Self.detections(at: Self.start, count: 8) + Self.detections(at: Self.start + 2 * hour, tempo: 120, count: 8),
            matchings: try Self.taps(at: Self.start + 2 * hour + 60_000, [-3, 3]) + Self.taps(at: Self.start + 5 * hour, [1]))
        #expect(history.sessions.count == 3)
        #expect(history.sessions.map(\.trials) == [16, 18, 1])
        #expect(history.detection[try TempoBPM(80)]?.map(\.session) == [0])
        #expect(history.detection[try TempoBPM(120)]?.map(\.session) == [1])
        #expect(history.matching[try TempoBPM(80)]?.map(\.session) == [1, 2])
        let point = try #require(history.detection[try TempoBPM(80)]?.first)
        #expect(point.early != nil && point.late != nil)

        let merged = RhythmHistory(detections: [], matchings: try (0..<10).flatMap { session in
            try Self.taps(at: Self.start + Int64(session) * hour, [Double(session)])
        }, maximumPoints: 4)
        #expect(merged.sessions.map(\.sessions) == [3, 3, 3, 1])
    }

    @Test("the SVG: a row per tempo under the pitch part; one line without rhythm; rhythm alone goes to the top")
    func svg() throws {
        let pitch = try ProfileSVGTests.session(at: RecordFixtures.date(Self.start))
        let none = try SVGCheck.parse(ProfileSVG.render(ProfileReport(comparisons: pitch, matchings: []),
                                                        timeZone: ProfileSVGTests.utc))
        #expect(none.within("rhythm").filter { $0.name == "text" }.map(\.text) == ["Rhythm: no training yet."])

        let detections = try Self.detections(at: Self.start) + Self.detections(at: Self.start + 86_400_000)
        let taps = try Self.taps(at: Self.start + 600_000, [-10, -5, 0, 5])
            + Self.taps(at: Self.start + 86_400_000 + 600_000, [-4, 2, 0, 1])
        let others = try [100, 110, 130, 140].flatMap { try Self.taps(at: Self.start + 2 * 86_400_000, tempo: $0, [1]) }
        let rhythm = RhythmReport(detections: detections, matchings: taps + others)
        let both = try SVGCheck.parse(ProfileSVG.render(ProfileReport(comparisons: pitch, matchings: [], rhythm: rhythm),
                                                        timeZone: ProfileSVGTests.utc))
        #expect(both.texts.contains("Unison comparison"))
        #expect(both.texts.contains("Peach · your rhythm profile"))
        #expect(both.texts.contains("80 BPM") && both.texts.contains("a sixteenth lasts 187.5 ms"))
        // The four most trained tempos get a row; the one left over is named.
        #expect(both.within("rhythm").filter { $0.name == "text" && $0.text.hasSuffix(" BPM") }.count == 4)
        #expect(both.texts.contains("Also trained at 140 BPM: peach profile lists every tempo."))
        #expect(both.within("tempo 80", "detection", "early").contains { $0.name == "polyline" })
        #expect(both.within("tempo 80", "detection", "late").contains { $0.name == "circle" })
        #expect(both.within("tempo 80", "matching").contains { $0.name == "polygon" })
        #expect(both.within("tempo 80", "matching", "ticks").contains { $0.text == "on beat" })
        #expect(both.within("tempo 100", "detection").contains { $0.text == "no offset detection at this tempo yet" })

        let alone = try SVGCheck.parse(ProfileSVG.render(ProfileReport(comparisons: [], matchings: [], rhythm: rhythm),
                                                         timeZone: ProfileSVGTests.utc))
        #expect(alone.texts.contains { $0.hasPrefix("No pitch training yet") })
        #expect(!alone.texts.contains("Unison comparison") && !alone.texts.contains("no trials yet"))
        #expect(alone.texts.contains("80 BPM"))
        func height(_ check: SVGCheck) throws -> Double {
            try #require(check.elements.first?.attributes["height"].flatMap(Double.init))
        }
        #expect(try height(alone) == height(both) - ProfileSVG.height + ProfileSVG.pitchLineHeight)
    }

    @Test("the store's report reads the rhythm records")
    func fromTheStore() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        for record in try Self.detections(at: Self.start, count: 8) { try await store.save(record) }
        for record in try Self.taps(at: Self.start + 600_000, [-3, 3]) { try await store.save(record) }
        let report = try store.profileReport()
        #expect(report.isEmpty && !report.rhythm.isEmpty)
        #expect(report.rhythm.detection.first?.trials == 16 && report.rhythm.matching.first?.taps == 2)
    }

    @Test("estimates read in percent; an end beyond half a sixteenth (as far as a trial goes) says so or nothing")
    func estimateText() {
        func estimate(_ kind: ThresholdEstimate.Kind, _ value: Double?, _ lower: Double?, _ upper: Double?) -> ThresholdEstimate {
            ThresholdEstimate(kind: kind, cents: value, lower: lower, upper: upper, trials: 10, effectiveTrials: 10)
        }
        #expect(RhythmEstimateText.short(estimate(.interval, 4.14, 3.2, 12.4)) == "4.1 % (3.2–12)")
        #expect(RhythmEstimateText.short(estimate(.interval, 6.2, 2.8, 135)) == "6.2 % (2.8–50+)")
        #expect(RhythmEstimateText.short(estimate(.below, nil, nil, 2)) == "below 2 %")
        #expect(RhythmEstimateText.short(estimate(.below, nil, nil, 91)) == "not known yet")
        #expect(!RhythmEstimateText.isInformative(estimate(.below, nil, nil, 91)))
        #expect(RhythmEstimateText.short(estimate(.above, nil, 80, nil)) == "above 50 %")
        #expect(RhythmEstimateText.short(estimate(.unresolved, nil, nil, nil)) == "not known yet")
    }
}

