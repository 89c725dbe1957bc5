import Foundation
import PeachCore

/// The rhythm disciplines' values in export rows: the tempo and offsets in milliseconds.
extension PeachCSVParser {
    static func parseTempo(_ row: ImportRow, _ errors: inout RowErrors) -> TempoBPM? {
        let text = row[.tempoBPM]
        let range = "\(TempoBPM.range.lowerBound)…\(TempoBPM.range.upperBound)"
        guard !text.isEmpty, text.utf8.allSatisfy(DecimalText.isDigit), let value = Int(text) else {
            errors.add(.tempoBPM, text, text.isEmpty ? "required in a \(row[.trainingType]) row"
                                                      : "not a whole number of beats per minute (\(range))")
            return nil
        }
        guard let tempo = try? TempoBPM(value) else {
            errors.add(.tempoBPM, text, "out of range (tempos are \(range) BPM)")
            return nil
        }
        return tempo
    }

    static func parseOffset(_ row: ImportRow, _ column: ImportColumn, _ errors: inout RowErrors) -> RhythmOffset? {
        let text = row[column]
        guard !text.isEmpty else {
            errors.add(column, text, "required in a \(row[.trainingType]) row")
            return nil
        }
        guard let value = DecimalText.parse(text), let offset = try? RhythmOffset(milliseconds: value) else {
            errors.add(column, text, "not a decimal number of milliseconds like -7.5")
            return nil
        }
        guard offset.isRecordable else {
            errors.add(column, text, "beyond what a trial records: at most \(Int(RhythmOffset.recordedLimitMilliseconds)) ms either way")
            return nil
        }
        return offset
    }
}
