import ALSASequencer
import PeachALSA
import PeachCore
import PeachTrainer
import Synchronization

/// A clock whose sleeps end at once: trials run back to back, the feedback window is skipped.
struct ImmediateClock: Clock {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    var now: Instant { Instant(offset: .zero) }
    var minimumResolution: Duration { .zero }
    func sleep(until deadline: Instant, tolerance: Duration?) async throws { try Task.checkCancellation() }
}

/// A player whose fixed-length notes end at once and whose held notes last until stopped.
final class InstantNotePlayer: NotePlayer {
    private let counts = Mutex((played: 0, started: 0, stopAll: 0))

    var played: Int { counts.withLock { $0.played } }
    var stopAllCalls: Int { counts.withLock { $0.stopAll } }

    func startNote(frequency: Frequency, duration: Duration, velocity: MIDIVelocity,
                   amplitude: AmplitudeDB) throws -> any TimedPlaybackHandle {
        counts.withLock { $0.played += 1 }
        return Handle()
    }

    func startNote(frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB) throws -> any PlaybackHandle {
        counts.withLock { $0.started += 1 }
        return Handle()
    }

    func stopAll() throws { counts.withLock { $0.stopAll += 1 } }

    private struct Handle: TimedPlaybackHandle {
        func stop() throws {}
        func adjust(to frequency: Frequency) throws {}
        func ended() async throws { try Task.checkCancellation() }
    }
}

/// Collects the reports; a test waits until the ones it expects have come.
actor RecordingPresenter: TrainingPresenter {
    private(set) var reports: [TrainingReport] = []
    private var waiters: [(condition: @Sendable ([TrainingReport]) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []

    func present(_ report: TrainingReport) {
        reports.append(report)
        let ready = waiters.filter { $0.condition(reports) }
        waiters.removeAll { $0.condition(reports) }
        ready.forEach { $0.continuation.resume() }
    }

    func waitUntil(_ condition: @escaping @Sendable ([TrainingReport]) -> Bool) async {
        if condition(reports) { return }
        await withCheckedContinuation { waiters.append((condition, $0)) }
    }

    /// How many reports match `predicate`.
    func count(where predicate: @Sendable (TrainingReport) -> Bool) -> Int {
        reports.filter(predicate).count
    }
}

/// Records every cue the trainer sounds.
final class RecordingCue: FeedbackCuePlaying {
    private let played = Mutex<(notes: [MIDINote], silenced: Int)>(([], 0))
    var notes: [MIDINote] { played.withLock { $0.notes } }
    var silenced: Int { played.withLock { $0.silenced } }
    func play(_ note: MIDINote) { playNow(note) }
    func playNow(_ note: MIDINote) { played.withLock { $0.notes.append(note) } }
    func silence() { played.withLock { $0.silenced += 1 } }
}

/// An observer that refuses every record, as a full disk would.
struct FailingObserver: PitchComparisonObserver {
    struct DiskFull: Error, CustomStringConvertible { var description: String { "disk full" } }
    func pitchComparisonCompleted(_ record: PitchComparisonRecord, answeredBy source: AnswerSource?) async throws {
        throw DiskFull()
    }
}

extension TrainingReport {
    var isAwaitingAnswer: Bool {
        if case .stateChanged(let state as PitchComparisonState, _) = self { state == .awaitingAnswer } else { false }
    }

    var isAwaitingTouch: Bool {
        if case .stateChanged(let state as PitchMatchingState, _) = self { state == .awaitingTouch } else { false }
    }

    var isCompleted: Bool {
        if case .trialCompleted(let news, _) = self { news is PitchComparisonResult || news is PitchMatchingResult } else { false }
    }

    var startedMode: TrainingMode? {
        if case .started(let mode, _, _, _, _) = self { mode } else { nil }
    }

    var notice: String? {
        if case .notice(let message) = self { message } else { nil }
    }

    /// The run's trial number a report carries; nil for reports that belong to no trial.
    var trialNumber: Int? {
        switch self {
        case .trialStarted(_, let trial), .stateChanged(_, let trial), .trialProgress(_, let trial), .trialCompleted(_, let trial):
            trial
        default:
            nil
        }
    }
}

enum Keyboard {
    static let address = SequencerAddress(client: 24, port: 0)

    static func key(_ note: UInt8) -> SequencerEvent {
        SequencerEvent(source: address, payload: .midi(.noteOn(channel: 0, note: note, velocity: 100)),
                       timestampNanoseconds: nil)
    }

    static func cc(_ controller: UInt8, _ value: UInt8) -> SequencerEvent {
        SequencerEvent(source: address, payload: .midi(.controlChange(channel: 0, controller: controller, value: value)),
                       timestampNanoseconds: nil)
    }
}
