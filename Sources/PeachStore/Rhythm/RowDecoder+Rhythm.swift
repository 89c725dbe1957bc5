import PeachCore

extension RowDecoder {
    func tempo() throws(StoreError) -> TempoBPM {
        let value = try integer(.tempoBPM)
        // Records keep any positive tempo (imports from the iOS app go down to 40 BPM).
        guard let tempo = try? TempoBPM(recorded: Int(clamping: value)) else {
            throw fail(.tempoBPM, "\(value) BPM is not a positive tempo")
        }
        return tempo
    }

    /// A stored offset: within the general bound, or within what a trial records at `tempo` (at a
    /// very slow imported tempo half a sixteenth is longer than the general bound).
    func rhythmOffset(_ column: StoredColumn, at tempo: TempoBPM) throws(StoreError) -> RhythmOffset {
        let number: Double
        switch columns.value(column, in: row).storage {
        case .double(let value): number = value
        case .int64(let value): number = Double(value)
        default: throw fail(column, "not a number")
        }
        guard let offset = try? RhythmOffset(milliseconds: number) else { throw fail(column, "not a finite number") }
        guard offset.isRecordable || offset.isWithinTrial(at: tempo) else {
            throw fail(column, "\(number) ms is beyond what a trial records (at most \(Int(RhythmOffset.recordedLimitMilliseconds)) ms either way)")
        }
        return offset
    }
}
