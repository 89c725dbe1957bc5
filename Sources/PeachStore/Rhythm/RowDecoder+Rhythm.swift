import PeachCore

extension RowDecoder {
    func tempo() throws(StoreError) -> TempoBPM {
        let value = try integer(.tempoBPM)
        guard let tempo = try? TempoBPM(Int(clamping: value)) else {
            throw fail(.tempoBPM, "\(value) BPM is not a tempo \(TempoBPM.range.lowerBound)…\(TempoBPM.range.upperBound)")
        }
        return tempo
    }

    func rhythmOffset(_ column: StoredColumn) throws(StoreError) -> RhythmOffset {
        let number: Double
        switch columns.value(column, in: row).storage {
        case .double(let value): number = value
        case .int64(let value): number = Double(value)
        default: throw fail(column, "not a number")
        }
        guard let offset = try? RhythmOffset(milliseconds: number) else { throw fail(column, "not a finite number") }
        guard offset.isRecordable else {
            throw fail(column, "\(number) ms is beyond what a trial records (at most \(Int(RhythmOffset.recordedLimitMilliseconds)) ms either way)")
        }
        return offset
    }
}
