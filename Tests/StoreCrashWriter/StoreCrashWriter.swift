import ArgumentParser
import Foundation
import PeachCore
import PeachRig
import PeachStore
import PeachTerminal

/// A test-only executable, built beside `peach` but never installed: it records synthetic trials
/// through the store's `TrialRecorder` as fast as it can and reports each one on stdout only after
/// it is committed. The crash-safety test (PeachStoreTests) and benchmark figure 11 kill it with
/// SIGKILL at random moments and then look for every reported trial.
@main
struct StoreCrashWriter: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store-crash-writer",
        abstract: "Test helper: write trials into a Peach store and report each committed one.")

    @Option(help: ArgumentHelp("The folder of peach.sqlite.", valueName: "path"))
    var dataDir: String
    @Option(help: "Timestamp of the first trial, in milliseconds since 1970; each next one is 1 ms later.")
    var firstTimestamp: Int64
    @Option(help: "How many trials to write at most.") var count = 100_000

    func run() async throws {
        let store = try TrainingStore(location: StoreLocation(directory: URL(fileURLWithPath: dataDir)))
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

    /// Unbuffered (`FileDescriptorOutput`): a line on stdout always means the trial before it is
    /// committed, whenever the kill comes.
    private func report(_ line: String) {
        FileDescriptorOutput.standardOutput.write(line + "\n")
    }
}
