import ALSASequencer
import PeachALSA
import PeachCore
import PeachRig
import PeachTrainer

/// The trainer's surroundings in `live-path`: a keyboard at a fixed address with the default
/// mapping (mod wheel tunes, keys answer relative to the target or middle C), no ports to lose.
struct LivePathRig: TrainerRig {
    static let keyboard = SequencerAddress(client: 20, port: 0)

    var controllerSource: SequencerAddress? { Self.keyboard }
    var portLabels: (output: String, input: String?) { ("live-path synth", "live-path keyboard") }
    func controllerSettings() -> ControllerSettings { .default }
    func inputTime() -> UInt64? { nil }
    func isFatal(_ error: any Error) -> Bool { true }
    func reconnect(_ addresses: [PortRole: SequencerAddress]) async throws {}
}

/// The default training settings, as a fresh install has them.
struct DefaultSettings: UserSettings {
    func snapshot() async -> TrainingSettings { .defaults }
}

/// Hands the trainer's reports to the harness, which waits for the state it needs next.
final class ReportFeed: TrainingPresenter {
    let reports: AsyncStream<TrainingReport>
    private let continuation: AsyncStream<TrainingReport>.Continuation

    init() { (reports, continuation) = AsyncStream.makeStream() }

    func present(_ report: TrainingReport) async { continuation.yield(report) }
    func end() { continuation.finish() }
}

extension AsyncStream<TrainingReport>.Iterator {
    /// Skips reports until a state change to `state`.
    mutating func state<State: Equatable>(_ state: State) async throws {
        while let report = await next() {
            if case .stateChanged(let news as State, _) = report, news == state { return }
        }
        throw LivePathError.trainerEnded
    }
}

enum LivePathError: Error {
    case trainerEnded
    case lostReactions(expected: Int, sent: Int)
}

/// Clicks whose end the harness decides: `sleep(until:)` waits for the gate.
struct GatedRhythmPlayer: RhythmPlayer {
    let gate: GatedClock

    func schedule(_ pattern: ClickPattern) throws -> ClickSchedule {
        ClickSchedule(pattern, startingAt: RhythmInstant(nanoseconds: 0))
    }

    func sleep(until instant: RhythmInstant) async throws {
        try await gate.sleep(until: gate.now, tolerance: nil)
    }

    func stopAll() throws {}
}

/// What a controller sends, as the sequencer client hands it to the route once decoded.
enum KeyboardEvents {
    static func noteOn(_ note: UInt8) -> SequencerEvent {
        SequencerEvent(source: LivePathRig.keyboard, payload: .midi(.noteOn(channel: 0, note: note, velocity: 100)),
                       timestampNanoseconds: nil)
    }

    static func modWheel(_ value: UInt8) -> SequencerEvent {
        SequencerEvent(source: LivePathRig.keyboard, payload: .midi(.controlChange(channel: 0, controller: 1, value: value)),
                       timestampNanoseconds: nil)
    }

    /// 0…127…0…: every step differs from the one before, as a sweep of the wheel does.
    static func sweep(_ step: Int) -> UInt8 {
        let phase = step % 254
        return UInt8(phase <= 127 ? phase : 254 - phase)
    }
}
