import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore
@testable import PeachReport

@Suite("peach profile --svg", .timeLimit(.minutes(Patience.minutes(1))))
struct ProfileSVGTests {
    static let start = Date(timeIntervalSince1970: 1_767_650_400) // 2026-01-05T22:00:00Z
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
    static let utc = TimeZone(identifier: "UTC")!

    /// `count` unison comparisons from `time` on, 4 s apart, at reference `note`: at each of eight
    /// offsets, as many right as a listener with T = 6 c would get (so the fit has an interval).
    static func session(at time: Date, count: Int = 64, note: MIDINote = 60) throws -> [PitchComparisonRecord] {
        let function = try PsychometricFunction(threshold: 6, slope: 2, lapseRate: 0)
        let offsets = [1.5, 3, 4.5, 6, 8, 10, 13, 20]
        return try (0..<count).map { index in
            let offset = offsets[index % offsets.count]
            let round = index / offsets.count
            let rounds = max(1, count / offsets.count)
            let isCorrect = Double(round) < function.probabilityCorrect(at: offset) * Double(rounds)
            return PitchComparisonRecord(timestamp: time.addingTimeInterval(Double(index) * 4), referenceNote: note,
                                         targetNote: note, interval: .prime, tuningSystem: .equalTemperament,
                                         centOffset: try Cents(offset), isCorrect: isCorrect)
        }
    }

    static func days(_ count: Double) -> TimeInterval { count * 86_400 }

    @Test("peach profile --svg writes a well-formed SVG 1.1 document with every part a musician reads")
    func wellFormedThroughTheCommand() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let peach = try PeachExecutable()
        let file = try directory.write(ProfileReportTests.dataSet, to: "known.csv")
        let imported = try await peach.run(["import", file, "--data-dir", directory.url.path], in: directory)
        #expect(imported.status == 0, "\(imported.stderr)")
        let svgFile = directory.path("profile.svg")
        let outcome = try await peach.run(["profile", "--svg", svgFile, "--data-dir", directory.url.path], in: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let parsed = try SVGCheck.parse(try String(contentsOfFile: svgFile, encoding: .utf8))
        #expect(parsed.root == "svg")
        #expect(parsed.namespace == "http://www.w3.org/2000/svg")
        #expect(parsed.elements.first?.attributes["version"] == "1.1")
        for title in ["Unison comparison", "Interval comparison", "Unison matching", "Interval matching"] {
            #expect(parsed.texts.contains(title))
        }
        #expect(parsed.texts.contains("expert 8.0 c"))
        #expect(parsed.texts.contains("C4"))
    }

    @Test("the cent axis is logarithmic: 1, 10 and 100 c equally spaced, 1-2-5 ticks, data outside widen it")
    func logAxis() throws {
        let axis = LogCentAxis(holding: [3, 40], top: 0, bottom: 240)
        #expect(axis.low == 0.5 && axis.high == 200)
        #expect(axis.ticks == [0.5, 1, 2, 5, 10, 20, 50, 100, 200])
        #expect(abs((axis.y(1) - axis.y(10)) - (axis.y(10) - axis.y(100))) < 1e-9)
        #expect(axis.y(200) == 0 && axis.y(0.5) == 240)
        // Halfway in log between 0.5 and 200 is 10 c: √(0.5 · 200).
        #expect(abs(axis.y(10) - 120) < 1e-9)
        // Held inside the axis, not drawn off it.
        #expect(axis.y(1000) == 0 && axis.y(0.01) == 240)
        let wide = LogCentAxis(holding: [0.13, 320], top: 0, bottom: 100)
        #expect(wide.low == 0.1 && wide.high == 400)
        #expect(wide.ticks.first == 0.1 && wide.ticks.last == 200)

        // In the document: the tick labels of a panel sit where the axis puts them.
        let report = ProfileReport(comparisons: try Self.session(at: Self.start), matchings: [])
        let parsed = try SVGCheck.parse(ProfileSVG.render(report, timeZone: Self.utc))
        let ticks = parsed.within("timeline unisonComparison", "ticks").filter { $0.name == "text" }
        func y(_ label: String) throws -> Double {
            try #require(ticks.first { $0.text == label }.flatMap { Double($0.attributes["y"] ?? "") })
        }
        let (one, ten, hundred) = (try y("1 c"), try y("10 c"), try y("100 c"))
        #expect(one > ten && ten > hundred)
        #expect(abs((one - ten) - (ten - hundred)) < 0.2)
    }

    @Test("date labels in the listener's time zone: an evening in California stays on its own day")
    func localDates() throws {
        // 2026-01-06 03:30 UTC is 19:30 on 5 January in Los Angeles.
        let evening = Date(timeIntervalSince1970: 1_767_670_200)
        let report = ProfileReport(comparisons: try Self.session(at: evening), matchings: [])
        let local = try SVGCheck.parse(ProfileSVG.render(report, timeZone: Self.losAngeles))
        let dates = local.within("dates").filter { $0.name == "text" }.map(\.text)
        #expect(dates.allSatisfy { $0 == "5 Jan 2026" } && !dates.isEmpty)
        let utc = try SVGCheck.parse(ProfileSVG.render(report, timeZone: Self.utc))
        let utcDates = utc.within("dates").filter { $0.name == "text" }.map(\.text)
        #expect(utcDates.allSatisfy { $0 == "6 Jan 2026" } && !utcDates.isEmpty)

        // Many sessions: labels one per day at most, in order, none overlapping.
        let sessions = try (0..<40).flatMap { try Self.session(at: evening.addingTimeInterval(Self.days(Double($0) * 2)), count: 16) }
        let many = try SVGCheck.parse(ProfileSVG.render(ProfileReport(comparisons: sessions, matchings: []), timeZone: Self.losAngeles))
        let firstPanel = many.within("timeline unisonComparison", "dates").filter { $0.name == "text" }
        let panelXs = firstPanel.compactMap { Double($0.attributes["x"] ?? "") }
        #expect(firstPanel.count >= 4 && firstPanel.count < 40)
        #expect(zip(panelXs, panelXs.dropFirst()).allSatisfy { $1 - $0 >= 64 })
        #expect(Set(firstPanel.map(\.text)).count == firstPanel.count)
        #expect(firstPanel.first?.text == "5 Jan 2026")
        #expect(firstPanel.dropFirst().allSatisfy { !$0.text.contains("2026") })
    }

    @Test("no line or band bridges a break of a week or more; the break is labelled")
    func noLineAcrossAGap() throws {
        var records: [PitchComparisonRecord] = []
        for day in [0.0, 1, 2, 23, 24, 25] {
            records += try Self.session(at: Self.start.addingTimeInterval(Self.days(day)))
        }
        let report = ProfileReport(comparisons: records, matchings: [])
        #expect(report.thresholdHistory().sessions.count == 6)
        let parsed = try SVGCheck.parse(ProfileSVG.render(report, timeZone: Self.utc))
        let panel = parsed.within("timeline unisonComparison")
        let gap = try #require(parsed.within("timeline unisonComparison", "gaps").first { $0.name == "line" })
        let gapX = try #require(Double(gap.attributes["x1"] ?? ""))
        #expect(parsed.texts.contains("20 days"))
        #expect(panel.contains { $0.name == "text" && $0.text == "20 days" })
        let lines = parsed.within("timeline unisonComparison", "estimates").filter { $0.name == "polyline" }
        let bands = parsed.within("timeline unisonComparison", "bands").filter { $0.name == "polygon" }
        #expect(lines.count == 2)
        #expect(bands.count == 2)
        for shape in lines + bands {
            let xs = SVGCheck.xs(of: shape)
            #expect(xs.count >= 3 * (shape.name == "polygon" ? 2 : 1))
            #expect(xs.allSatisfy { $0 < gapX } || xs.allSatisfy { $0 > gapX }, "\(shape.attributes["points"] ?? "")")
        }
    }

    @Test("the keyboard spans exactly the octaves with trials, and each register shows its estimate and count")
    func keyboardRange() throws {
        // Octave 3 (D3 = 50) and octave 5 (D5 = 74): the keyboard runs C3…B5, nothing beyond.
        let records = try Self.session(at: Self.start, note: 50) + Self.session(at: Self.start.addingTimeInterval(600), note: 74)
        let parsed = try SVGCheck.parse(ProfileSVG.render(ProfileReport(comparisons: records, matchings: []), timeZone: Self.utc))
        let whites = parsed.within("white-keys").filter { $0.name == "rect" }
        let blacks = parsed.within("black-keys").filter { $0.name == "rect" }
        #expect(whites.count == 3 * 7)
        #expect(blacks.count == 3 * 5)
        let octaves = parsed.within("octave-names").filter { $0.name == "text" }.map(\.text)
        #expect(octaves == ["C3", "C4", "C5"])
        // The keys fill the plot's width from its left edge to the figure's right margin.
        let lefts = whites.compactMap { Double($0.attributes["x"] ?? "") }
        #expect(lefts == lefts.sorted())
        for octave in [3, 5] {
            let cell = parsed.within("register unisonComparison octave\(octave)")
            #expect(cell.contains { $0.attributes["class"] == "band" })
            #expect(cell.contains { $0.attributes["class"] == "count" && $0.text == "64" })
        }
        // Octave 4 has no trials: no cell.
        #expect(parsed.within("register unisonComparison octave4").isEmpty)
        #expect(!parsed.within("register unisonComparison octave3").isEmpty)
    }

    @Test("a long history over eight octaves stays a document ImageMagick renders: few class attributes")
    func fewClasses() throws {
        var records: [PitchComparisonRecord] = []
        for day in 0..<200 {
            let note = try MIDINote(24 + (day % 8) * 12)
            records += try Self.session(at: Self.start.addingTimeInterval(Self.days(Double(day))), count: 16, note: note)
        }
        let svg = ProfileSVG.render(ProfileReport(comparisons: records, matchings: []), timeZone: Self.utc)
        let parsed = try SVGCheck.parse(svg)
        #expect(parsed.within("white-keys").count == 8 * 7)
        #expect(parsed.within("timeline unisonComparison", "points").count <= 61)
        // ImageMagick's own renderer stops at about 400 (measured with 6.9.11: 400 render, 450 do not).
        #expect(parsed.elements.filter { $0.attributes["class"] != nil }.count < 200)
    }

    @Test("a register with fewer than 30 trials says 'not enough data' and how many it has")
    func notEnoughData() throws {
        let records = try Self.session(at: Self.start, count: 64, note: 50) + Self.session(at: Self.start.addingTimeInterval(600), count: 12, note: 62)
        let parsed = try SVGCheck.parse(ProfileSVG.render(ProfileReport(comparisons: records, matchings: []), timeZone: Self.utc))
        let cell = parsed.within("register unisonComparison octave4")
        let words = cell.filter { $0.attributes["class"] == "not-enough" }.map(\.text)
        #expect(words.joined(separator: " ") == "not enough data")
        #expect(cell.contains { $0.attributes["class"] == "count" && $0.text == "12 of 30" })
        #expect(!cell.contains { $0.attributes["class"] == "band" })
        #expect(parsed.within("register unisonComparison octave3").contains { $0.attributes["class"] == "band" })
        #expect(parsed.texts.contains("not enough data (under 30 trials)"))
    }

    @Test("every text and attribute is escaped: markup characters come back as written")
    func escaping() throws {
        var writer = SVGWriter()
        let nasty = "<b>\"Tom & Jerry's\"</b> ]]> &amp;"
        writer.text(nasty, x: 1, y: 2, size: 10, className: nasty)
        let parsed = try SVGCheck.parse(writer.document(width: 10, height: 10, title: nasty))
        let text = try #require(parsed.elements.first { $0.name == "text" })
        #expect(text.text == nasty)
        #expect(text.attributes["class"] == nasty)
        #expect(parsed.elements.first { $0.name == "title" }?.text == nasty)
    }

    @Test("an empty store and a handful of trials give complete documents that say what is missing")
    func emptyAndFew() throws {
        let empty = try SVGCheck.parse(ProfileSVG.render(ProfileReport(comparisons: [], matchings: []), timeZone: Self.utc))
        #expect(empty.texts.contains { $0.hasPrefix("No training yet") })
        #expect(empty.texts.filter { $0 == "no trials yet" }.count == 4 + 4 + 1)
        #expect(!empty.elements.contains { $0.name == "polyline" })
        #expect(empty.within("bands").isEmpty && empty.within("points").isEmpty && empty.within("white-keys").isEmpty)

        let few = try Self.session(at: Self.start, count: 6)
        let parsed = try SVGCheck.parse(ProfileSVG.render(ProfileReport(comparisons: few, matchings: []), timeZone: Self.utc))
        #expect(parsed.texts.contains { $0.hasPrefix("6 trials in 1 session, 5 Jan 2026 (") })
        // One session: a band and no line (a line needs two sessions).
        #expect(parsed.within("timeline unisonComparison", "bands").contains { $0.name == "rect" })
        #expect(!parsed.elements.contains { $0.name == "polyline" })
    }
}

@Suite("The estimate over time")
struct ThresholdHistoryTests {
    @Test("sessions split at a 30-minute gap; the last point is the profile's own estimate")
    func sessionsAndTheLastPoint() throws {
        let start = ProfileSVGTests.start
        let records = try ProfileSVGTests.session(at: start)
            + ProfileSVGTests.session(at: start.addingTimeInterval(64 * 4 + 29 * 60)) // still the first sitting
            + ProfileSVGTests.session(at: start.addingTimeInterval(2 * 64 * 4 + 29 * 60 + 30 * 60)) // a new one
        let history = ThresholdHistory(comparisons: records, matchings: [])
        #expect(history.sessions.map(\.trials) == [128, 64])
        #expect(history.sessions.map(\.sessions) == [1, 1])
        let points = try #require(history.points[.unisonComparison])
        #expect(points.map(\.session) == [0, 1])
        let final = try #require(ThresholdProfile(comparisons: records, matchings: []).disciplines[.unisonComparison]?.estimate)
        let last = try #require(points.last?.estimate)
        #expect(last.kind == final.kind)
        let (a, b) = (try #require(last.cents), try #require(final.cents))
        #expect(abs(log(a / b)) < log(1.03))
    }

    @Test("a long history is merged into at most about 60 points, never across a long break")
    func merging() throws {
        let start = ProfileSVGTests.start
        var records: [PitchComparisonRecord] = []
        var matchings: [PitchMatchingRecord] = []
        for day in 0..<150 {
            // A 10-day break after day 99.
            let time = start.addingTimeInterval(ProfileSVGTests.days(Double(day + (day >= 100 ? 10 : 0))))
            records += try ProfileSVGTests.session(at: time, count: 8)
            matchings.append(PitchMatchingRecord(timestamp: time.addingTimeInterval(60), referenceNote: 60, targetNote: 67,
                                                 interval: .perfectFifth, tuningSystem: .equalTemperament,
                                                 initialCentOffset: 10, userCentError: try Cents(Double(day % 7) - 3)))
        }
        let history = ThresholdHistory(comparisons: records, matchings: matchings, maximumPoints: 60)
        #expect(history.sessions.count <= 61)
        #expect(history.sessions.reduce(0) { $0 + $1.sessions } == 150)
        #expect(history.sessions.reduce(0) { $0 + $1.trials } == 150 * 9)
        #expect(history.sessions.indices.filter(history.isLongGap(before:)).count == 1)
        #expect(history.points[.intervalMatching]?.count == history.sessions.count)
        #expect(history.points[.intervalMatching]?.last?.estimate.kind == .interval)
    }
}

/// Parses a document with Foundation's XML parser, which proves it well-formed, and keeps every
/// element with its attributes and text.
final class SVGCheck: NSObject, XMLParserDelegate {
    struct Element {
        let name: String
        let attributes: [String: String]
        /// The classes of the groups around it, outermost first.
        let groups: [String]
        var text = ""
    }

    var root: String?
    var namespace: String?
    var elements: [Element] = []
    var texts: [String] { elements.filter { $0.name == "text" }.map(\.text) }
    private var open: [Int] = []

    /// The elements inside groups of each of these classes (nested in any order).
    func within(_ classes: String...) -> [Element] {
        elements.filter { element in classes.allSatisfy(element.groups.contains) }
    }

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    static func parse(_ document: String) throws -> SVGCheck {
        let check = SVGCheck()
        let parser = XMLParser(data: Data(document.utf8))
        parser.shouldProcessNamespaces = true
        parser.delegate = check
        guard parser.parse() else {
            throw Malformed(description: "line \(parser.lineNumber): \(parser.parserError.map { "\($0)" } ?? "parse error")")
        }
        return check
    }

    /// The x coordinates of a polyline's or polygon's points.
    static func xs(of element: Element) -> [Double] {
        (element.attributes["points"] ?? "").split(separator: " ").compactMap { pair in
            pair.split(separator: ",").first.flatMap { Double($0) }
        }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if root == nil {
            root = name
            namespace = namespaceURI
        }
        let groups = open.compactMap { elements[$0].name == "g" ? elements[$0].attributes["class"] : nil }
        open.append(elements.count)
        elements.append(Element(name: name, attributes: attributes, groups: groups))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let index = open.last { elements[index].text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }
}
