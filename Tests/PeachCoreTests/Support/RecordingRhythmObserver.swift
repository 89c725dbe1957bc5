import PeachCore
import Synchronization

/// Collects what the rhythm sessions report, and can be told to fail like a full disk.
final class RecordingRhythmObserver: RhythmOffsetDetectionObserver, RhythmMatchingObserver, TrainingDataResetting {
    struct WriteFailure: Error {}

    private struct State {
        var detections: [RhythmOffsetDetectionRecord] = []
        var matchings: [RhythmMatchingRecord] = []
        var sources: [AnswerSource?] = []
        var resets = 0
        var failing = false
    }

    private let state = Mutex(State())

    var detections: [RhythmOffsetDetectionRecord] { state.withLock { $0.detections } }
    var matchings: [RhythmMatchingRecord] { state.withLock { $0.matchings } }
    var sources: [AnswerSource?] { state.withLock { $0.sources } }
    var resets: Int { state.withLock { $0.resets } }

    func failFromNowOn() { state.withLock { $0.failing = true } }

    func rhythmOffsetDetectionCompleted(_ record: RhythmOffsetDetectionRecord, answeredBy source: AnswerSource?) async throws {
        try state.withLock { state in
            if state.failing { throw WriteFailure() }
            state.detections.append(record)
            state.sources.append(source)
        }
    }

    func rhythmMatchingCompleted(_ record: RhythmMatchingRecord, answeredBy source: AnswerSource?) async throws {
        try state.withLock { state in
            if state.failing { throw WriteFailure() }
            state.matchings.append(record)
            state.sources.append(source)
        }
    }

    func resetAllTrainingData() async throws { state.withLock { $0.resets += 1 } }
}
