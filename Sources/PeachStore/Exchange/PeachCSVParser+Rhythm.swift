import Foundation
import PeachCore

/// The rhythm disciplines' values in export rows: the tempo and offsets in milliseconds.
extension PeachCSVParser {
    /// Any positive tempo: the iOS app trains at 40…200 BPM, this peach at its own range, and a
    /// record keeps the tempo it was made at.
    static func parseTempo(_ row: ImportRow, _ errors: inout RowErrors) -> TempoBPM? {
        let text = row[.tempoBPM]
        guard !text.isEmpty, text.utf8.allSatisfy(DecimalText.isDigit), let value = Int(text) else {
            errors.add(.tempoBPM, text, text.isEmpty ? "required in a \(row[.trainingType]) row"
                                                      : "not a whole number of beats per minute")
            return nil
        }
        guard let tempo = try? TempoBPM(recorded: value) else {
            errors.add(.tempoBPM, text, "a tempo must be a positive number of beats per minute")
            return nil
        }
        return tempo
    }

    /// A recorded offset lies within half a sixteenth at the row's tempo (unchecked when the
    /// tempo is itself refused).
    static func parseOffset(_ row: ImportRow, _ column: ImportColumn, at tempo: TempoBPM?,
                            _ errors: inout RowErrors) -> RhythmOffset? {
        let text = row[column]
        guard !text.isEmpty else {
            errors.add(column, text, "required in a \(row[.trainingType]) row")
            return nil
        }
        guard let value = DecimalText.parse(text), let offset = try? RhythmOffset(milliseconds: value) else {
            errors.add(column, text, "not a decimal number of milliseconds like -7.5")
            return nil
        }
        if let tempo, !offset.isWithinTrial(at: tempo) {
            let limit = (RhythmOffset.trialLimitMilliseconds(at: tempo) * 1000).rounded(.down) / 1000
            errors.add(column, text, "beyond what a trial records: at most \(DecimalText.format(limit)) ms either way "
                                     + "at \(tempo.value) BPM (half a sixteenth)")
            return nil
        }
        return offset
    }
}
