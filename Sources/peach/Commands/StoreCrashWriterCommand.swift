import PeachTerminal
import ArgumentParser
import Foundation
import PeachCore
import PeachRig
import PeachStore

/// Hidden: records synthetic trials as fast as it can and reports each one on stdout only after
/// it is committed. The crash-safety test runs it and kills it with SIGKILL at random moments.
struct StoreCrashWriterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store-crash-writer",
        abstract: "Test helper: write trials and report each committed one.",
        shouldDisplay: false)

    @OptionGroup var store: StoreOptions
    @Option(help: "Timestamp of the first trial, in milliseconds since 1970; each next one is 1 ms later.")
    var firstTimestamp: Int64
    @Option(help: "How many trials to write at most.") var count = 100_000

    func run() async throws {
        let store = try StoreComposition.openStore(store)
        let recorder = store.recorder(rig: RigContext(outputPort: "crash test port",
                                                      sound: try SoundSelection(program: 5, bank: 1)))
        let pedal = AnswerSource("cc 64")
        for index in 0..<count {
            let milliseconds = firstTimestamp + Int64(index)
            let timestamp = RecordTimestamp.date(milliseconds: milliseconds)
            let reference = try MIDINote(36 + index % 48)
            if index.isMultiple(of: 2) {
                try await recorder.pitchComparisonCompleted(PitchComparisonRecord(
                    timestamp: timestamp, referenceNote: reference, targetNote: reference, interval: .prime,
                    tuningSystem: .equalTemperament, centOffset: try Cents(Double(index % 97) + 0.5),
                    isCorrect: index % 3 != 0), answeredBy: pedal)
                report("comparison \(milliseconds)")
            } else {
                let target = try reference.transposed(by: .perfectFifthUp)
                try await recorder.pitchMatchingCompleted(PitchMatchingRecord(
                    timestamp: timestamp, referenceNote: reference, targetNote: target, interval: .perfectFifth,
                    tuningSystem: .justIntonation, initialCentOffset: try Cents(Double(index % 40) - 20),
                    userCentError: try Cents(Double(index % 13) - 6.25)), answeredBy: pedal)
                report("matching \(milliseconds)")
            }
        }
    }

    /// Unbuffered, so a line on stdout always means the trial before it is committed.
    private func report(_ line: String) {
        FileDescriptorOutput.standardOutput.write(line + "\n")
    }
}
