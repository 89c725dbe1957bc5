import Foundation
import PeachCore
@testable import PeachStore
import Testing
@testable import PeachReport

/// Issue 34 item 16: messages that read like internals.
@Suite("Import separator and profile wording")
struct SeparatorAndWordingTests {
    @Test("a ;- or tab-separated file gets one message naming the separator, not a line per column", arguments: [
        (";", "semicolons (;)"), ("\t", "tabs"),
    ])
    func otherSeparator(separator: String, named: String) throws {
        let header = PeachExportFormat.header.replacingOccurrences(of: ",", with: separator)
        let row = "pitchDiscrimination,2026-03-01T00:00:00Z,60,C4,60,C4,P1,equalTemperament,12.5,true,,"
            .replacingOccurrences(of: ",", with: separator)
        let error = #expect(throws: ImportError.self) {
            try PeachCSVParser.parse(PeachExportFormat.metadataLine + "\n" + header + "\n" + row)
        }
        guard case .badHeader(let problems, _)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.contains("separated by \(named)") == true, "\(problems)")
        #expect(error?.description.contains("is missing") == false)
    }

    @Test("a comma header with one wrong name is still told column by column")
    func commaHeaderUnchanged() {
        let header = PeachExportFormat.header.replacingOccurrences(of: "centOffset", with: "cents")
        #expect(throws: ImportError.badHeader(["column 9: expected centOffset, found \"cents\""])) {
            try PeachCSVParser.parse(PeachExportFormat.metadataLine + "\n" + header + "\n")
        }
    }

    @Test("one trial is 'its only trial', not 'all 1 trials'; more are 'all N trials'")
    func singularTrial() {
        let start = Date(timeIntervalSince1970: 1_750_000_000)
        let one = PitchComparisonRecord(timestamp: start, referenceNote: 60, targetNote: 60, interval: .prime,
                                        tuningSystem: .equalTemperament, centOffset: Cents(20), isCorrect: true)
        let text = ProfileText.render(ProfileReport(comparisons: [one], matchings: []), full: true)
        #expect(!text.contains("all 1 trials"), "\(text)")
        #expect(text.contains("threshold (75 % correct, from its only trial): "), "\(text)")
        var two = one
        two.timestamp = start.addingTimeInterval(1)
        #expect(ProfileText.render(ProfileReport(comparisons: [one, two], matchings: []), full: true)
                    .contains("from all 2 trials, right and wrong"))
    }
}
