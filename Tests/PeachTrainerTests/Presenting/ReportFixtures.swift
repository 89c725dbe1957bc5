import Foundation
@testable import PeachCore
import PeachTerminal
import PeachTrainer
import Synchronization

/// Reports as the trainer sends them, built from the session's own value types.
enum ReportFixtures {
    static let timestamp = Date(timeIntervalSince1970: 1_790_000_000)

    static func comparisonTrial(number: Int, offset: Cents, interval: DirectedInterval = .prime) -> PitchComparisonTrial {
        let reference: MIDINote = 60
        let target = MIDINote(uncheckedRawValue: 60 + interval.semitones)
        return PitchComparisonTrial(
            number: number, referenceNote: reference, targetNote: target, interval: interval,
            tuningSystem: .equalTemperament, centOffset: offset, referenceFrequency: Frequency(uncheckedHertz: 261.63),
            targetFrequency: Frequency(uncheckedHertz: 262), targetAmplitude: .zero)
    }

    static func comparisonRecord(offset: Cents, correct: Bool, interval: DirectedInterval = .prime) -> PitchComparisonRecord {
        PitchComparisonRecord(timestamp: timestamp, referenceNote: 60, targetNote: MIDINote(uncheckedRawValue: 60 + interval.semitones),
                              interval: interval.interval, tuningSystem: .equalTemperament, centOffset: offset,
                              isCorrect: correct)
    }

    static func matchingTrial(number: Int, initial: Cents, interval: DirectedInterval = .prime) -> PitchMatchingTrial {
        PitchMatchingTrial(
            number: number, referenceNote: 67, targetNote: MIDINote(uncheckedRawValue: 67 + interval.semitones), interval: interval,
            tuningSystem: .equalTemperament, initialCentOffset: initial, referenceFrequency: Frequency(uncheckedHertz: 392),
            targetFrequency: Frequency(uncheckedHertz: 392), tunableAmplitude: .zero)
    }

    static func matchingRecord(initial: Cents, error: Cents, interval: DirectedInterval = .prime) -> PitchMatchingRecord {
        PitchMatchingRecord(timestamp: timestamp, referenceNote: 67, targetNote: MIDINote(uncheckedRawValue: 67 + interval.semitones),
                            interval: interval.interval, tuningSystem: .equalTemperament, initialCentOffset: initial,
                            userCentError: error)
    }
}

/// Collects what a presenter writes.
final class CapturedOutput: TextOutput {
    private let written = Mutex<[String]>([])
    func write(_ text: String) { written.withLock { $0.append(text) } }
    var writes: [String] { written.withLock { $0 } }
    var text: String { writes.joined() }
    /// The text after the last "\r" + erase, i.e. what the status line shows now.
    var statusLine: String {
        text.components(separatedBy: "\r\u{1B}[2K").last.map { $0.components(separatedBy: "\n").last ?? $0 } ?? ""
    }
}
