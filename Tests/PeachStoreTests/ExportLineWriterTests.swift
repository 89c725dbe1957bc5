import Foundation
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore

/// The export line writer's own byte tables and fast paths (notes, flags, numbers, the quoting
/// scan) against the texts they stand in for: `String` of the number, `MIDINote.name`,
/// `DecimalText.format` and RFC 4180 quoting only where a field needs it.
@Suite("Export lines: notes, numbers and quoting as the texts they replace", .timeLimit(.minutes(Patience.minutes(1))))
struct ExportLineWriterTests {
    private let start = Date(timeIntervalSince1970: 1_750_000_000)

    private func line(reference: Int, target: Int, cents: Double, correct: Bool = true,
                      tuning: TuningIdentifier = .equalTemperament, version: Int = PeachExportFormat.version) throws -> [String] {
        let interval = try Interval(semitones: min(abs(target - reference), 12))
        let record = PitchComparisonRecord(timestamp: start, referenceNote: try MIDINote(reference), targetNote: try MIDINote(target),
                                           interval: interval, tuningSystem: tuning, centOffset: try Cents(cents), isCorrect: correct)
        var records = ExportedRecords()
        records.append(contentsOf: [record])
        let text = PeachCSVExporter.export(records, version: version)
        return try #require(text.split(separator: "\n").last).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    @Test("every MIDI note's number and name, in their columns")
    func everyNote() throws {
        for note in 0...127 {
            let fields = try line(reference: note, target: note, cents: 1)
            let name = try MIDINote(note).name
            #expect(fields[2] == String(note) && fields[3] == name, "\(fields)")
            #expect(fields[4] == String(note) && fields[5] == name, "\(fields)")
        }
    }

    @Test("numbers as DecimalText.format writes them, flags as true and false, empty columns kept")
    func numbersAndFlags() throws {
        for cents in [0, -0.0, 45.1, -3.25, 1200, -1200, 0.00001, 1e-7, 2.0 / 3.0] {
            let fields = try line(reference: 60, target: 67, cents: cents, correct: cents > 0)
            #expect(fields[8] == DecimalText.format(cents), "\(fields)")
            #expect(fields[9] == (cents > 0 ? "true" : "false"), "\(fields)")
            #expect(fields.count == 12 && fields[10].isEmpty && fields[11].isEmpty, "\(fields)")
        }
    }

    @Test("a tuning's identifier is quoted only when it holds a comma or a quote")
    func quoting() throws {
        let version = PeachExportFormat.tuningIdentifiers
        let plain = try line(reference: 60, target: 64, cents: 5, tuning: try TuningIdentifier(rawValue: "meantone-1/4"), version: version)
        #expect(plain[7] == "meantone-1/4")
        let accented = try line(reference: 60, target: 64, cents: 5, tuning: try TuningIdentifier(rawValue: "Werckmeister III, Zürich"), version: version)
        #expect(accented[7] == "\"Werckmeister III" && accented[8] == " Zürich\"", "\(accented)")
        let quoted = try line(reference: 60, target: 64, cents: 5, tuning: try TuningIdentifier(rawValue: "a \"just\" scale"), version: version)
        #expect(quoted[7] == "\"a \"\"just\"\" scale\"", "\(quoted)")
    }
}
