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
    typealias Counts = (played: Int, started: Int, stopAll: Int)
    private let counts = Mutex<Counts>((played: 0, started: 0, stopAll: 0))
    private let waiters = Mutex<[(condition: @Sendable (Counts) -> Bool, continuation: CheckedContinuation<Void, Never>)]>([])

    var played: Int { counts.withLock { $0.played } }
    var stopAllCalls: Int { counts.withLock { $0.stopAll } }

    /// Returns once the counts meet `condition`.
    func waitUntil(_ condition: @escaping @Sendable (Counts) -> Bool) async {
        await withCheckedContinuation { continuation in
            let met = waiters.withLock { waiters in
                if condition(counts.withLock { $0 }) { return true }
                waiters.append((condition, continuation))
                return false
            }
            if met { continuation.resume() }
        }
    }

    private func count(_ change: (inout Counts) -> Void) {
        let now = counts.withLock { counts in
            change(&counts)
            return counts
        }
        let ready = waiters.withLock { waiters in
            let ready = waiters.filter { $0.condition(now) }
            waiters.removeAll { $0.condition(now) }
            return ready
        }
        ready.forEach { $0.continuation.resume() }
    }

    func startNote(frequency: Frequency, duration: Duration, velocity: MIDIVelocity,
                   amplitude: AmplitudeDB) throws -> any TimedPlaybackHandle {
        count { $0.played += 1 }
        return Handle()
    }

    func startNote(frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB) throws -> any PlaybackHandle {
        count { $0.started += 1 }
        return Handle()
    }

    func stopAll() throws { count { $0.stopAll += 1 } }

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
    /// Holds the trainer in the first completed trial's report until `release()`: a trainer
    /// slow to learn of an answer (a loaded machine).
    private let holdsCompletion: Bool
    private var held: CheckedContinuation<Void, Never>?
    private var released = false

    init(holdingFirstCompletion: Bool = false) {
        holdsCompletion = holdingFirstCompletion
    }

    func release() {
        released = true
        held?.resume()
        held = nil
    }

    func present(_ report: TrainingReport) async {
        if holdsCompletion, !released, case .trialCompleted = report {
            await withCheckedContinuation { held = $0 }
        }
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
        if case .started(let mode, _, _, _, _, _) = self { mode } else { nil }
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
