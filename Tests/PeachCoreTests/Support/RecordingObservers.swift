import PeachCore
import Synchronization

/// Collects what the sessions report, and can be told to fail like a full disk.
final class RecordingObserver: PitchComparisonObserver, PitchMatchingObserver, TrainingDataResetting {
    struct WriteFailure: Error, CustomStringConvertible {
        var description: String { "disk full" }
    }

    private let state = Mutex<(comparisons: [PitchComparisonRecord], matchings: [PitchMatchingRecord], resets: Int, failing: Bool)>(([], [], 0, false))

    var comparisons: [PitchComparisonRecord] { state.withLock { $0.comparisons } }
    var matchings: [PitchMatchingRecord] { state.withLock { $0.matchings } }
    var resets: Int { state.withLock { $0.resets } }

    func failFromNowOn() { state.withLock { $0.failing = true } }

    func pitchComparisonCompleted(_ record: PitchComparisonRecord) async throws {
        try state.withLock { state in
            if state.failing { throw WriteFailure() }
            state.comparisons.append(record)
        }
    }

    func pitchMatchingCompleted(_ record: PitchMatchingRecord) async throws {
        try state.withLock { state in
            if state.failing { throw WriteFailure() }
            state.matchings.append(record)
        }
    }

    func resetAllTrainingData() async throws { state.withLock { $0.resets += 1 } }
}
