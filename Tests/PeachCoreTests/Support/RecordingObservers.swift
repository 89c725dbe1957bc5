import PeachCore
import Synchronization

/// Collects what the sessions report, and can be told to fail like a full disk.
final class RecordingObserver: PitchComparisonObserver, PitchMatchingObserver, TrainingDataResetting {
    struct WriteFailure: Error, CustomStringConvertible {
        var description: String { "disk full" }
    }

    private let state = Mutex<(comparisons: [PitchComparisonRecord], matchings: [PitchMatchingRecord], sources: [AnswerSource?],
                               resets: Int, failing: Bool)>(([], [], [], 0, false))

    var comparisons: [PitchComparisonRecord] { state.withLock { $0.comparisons } }
    var matchings: [PitchMatchingRecord] { state.withLock { $0.matchings } }
    var resets: Int { state.withLock { $0.resets } }
    /// The control each completed trial came with, in order.
    var sources: [AnswerSource?] { state.withLock { $0.sources } }

    func failFromNowOn() { state.withLock { $0.failing = true } }

    func pitchComparisonCompleted(_ record: PitchComparisonRecord, answeredBy source: AnswerSource?) async throws {
        try state.withLock { state in
            if state.failing { throw WriteFailure() }
            state.comparisons.append(record)
            state.sources.append(source)
        }
    }

    func pitchMatchingCompleted(_ record: PitchMatchingRecord, answeredBy source: AnswerSource?) async throws {
        try state.withLock { state in
            if state.failing { throw WriteFailure() }
            state.matchings.append(record)
            state.sources.append(source)
        }
    }

    func resetAllTrainingData() async throws { state.withLock { $0.resets += 1 } }
}
