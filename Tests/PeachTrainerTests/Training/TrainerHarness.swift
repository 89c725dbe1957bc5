import ALSASequencer
import PeachALSA
import PeachCore
import PeachRig
import PeachTerminal
import PeachTestSupport
import PeachTrainer
import Synchronization

/// A trainer on fakes at its edges: an instant player, an immediate clock, recorded reports and
/// cues; controller events go to the trainer's route as the sequencer's reader thread hands
/// them over, keys through a stream as the terminal's reader gives them.
struct TrainerHarness {
    let player = InstantNotePlayer()
    let presenter: RecordingPresenter
    let cue = RecordingCue()
    let trainer: Trainer
    let controller: Controller
    let keys: AsyncStream<TerminalKey>.Continuation
    private let keyEvents: AsyncStream<TerminalKey>
    private let answers = AnswerLog()

    /// A controller's events, handed to the route synchronously.
    struct Controller {
        let route: InputRoute
        func yield(_ event: SequencerEvent) { route.receive(event) }
    }

    init(mode: TrainingMode = .comparison, trialLimit: Int? = nil,
         commands: [TrainingCommand: ControllerButton] = [:],
         observers: [any PitchComparisonObserver] = [], presenter: RecordingPresenter = RecordingPresenter(),
         session: Trainer.SessionFactory? = nil) throws {
        self.presenter = presenter
        let settings = MockUserSettings()
        let controllerSettings = try ControllerSettings(commands: commands)
        let player = self.player
        let answers = self.answers
        let makeSession: Trainer.SessionFactory = { mode in
            let intervals = mode.intervals(configured: [.perfectFifthUp])
            if mode.isMatching {
                return .matching(PitchMatchingSession(
                    try PitchMatching(intervals: intervals, player: player, observers: [answers]),
                    settings: settings, clock: ImmediateClock(), random: SessionRandom(SplitMix64(seed: 7))))
            }
            return .comparison(PitchComparisonSession(
                try PitchComparison(intervals: intervals, player: player, observers: observers + [answers]),
                settings: settings, clock: ImmediateClock(), random: SessionRandom(SplitMix64(seed: 7))))
        }
        (keyEvents, keys) = AsyncStream<TerminalKey>.makeStream()
        trainer = Trainer(
            mode: mode, trialLimit: trialLimit, makeSession: session ?? makeSession, presenter: self.presenter,
            rig: FakeRig(mapping: controllerSettings), feedback: TrainerFeedback(cue: cue, settings: .default),
            clock: ImmediateClock())
        controller = Controller(route: trainer.route)
    }

    func run() -> Task<Trainer.Outcome, Never> {
        let (trainer, keyEvents) = (self.trainer, self.keyEvents)
        return Task { await trainer.run(keys: keyEvents) }
    }

    /// Waits until the `number`th comparison trial awaits its answer.
    func awaitingAnswer(_ number: Int) async {
        await presenter.waitUntil { $0.filter(\.isAwaitingAnswer).count >= number }
    }

    /// The control that answered each completed trial, as the trial carried it to the observers.
    var answeredBy: [AnswerControl?] { answers.sources.map { source in source.flatMap(AnswerControl.init(source:)) } }
}

/// A keyboard at `Keyboard.address` with a fixed mapping; nothing ever goes or comes back.
struct FakeRig: TrainerRig {
    let mapping: ControllerSettings
    var controllerSource: SequencerAddress? { Keyboard.address }
    var portLabels: (output: String, input: String?) { ("Test Synth", "Test Keyboard") }
    func controllerSettings() -> ControllerSettings { mapping }
    func inputTime() -> UInt64? { nil }
    func isFatal(_ error: any Error) -> Bool { true }
    func reconnect(_ addresses: [PortRole: SequencerAddress]) async throws {}
}

/// An observer that keeps the answer source each completed trial came with.
final class AnswerLog: PitchComparisonObserver, PitchMatchingObserver {
    private let log = Mutex<[AnswerSource?]>([])
    var sources: [AnswerSource?] { log.withLock { $0 } }

    func pitchComparisonCompleted(_ record: PitchComparisonRecord, answeredBy source: AnswerSource?) async throws {
        log.withLock { $0.append(source) }
    }

    func pitchMatchingCompleted(_ record: PitchMatchingRecord, answeredBy source: AnswerSource?) async throws {
        log.withLock { $0.append(source) }
    }
}

extension AnswerControl {
    /// Back from the records' name, for the tests' expectations.
    init?(source: AnswerSource) {
        let known: [AnswerControl] = [.terminal, .pitchWheel] + (0...127).flatMap { [.note($0), .controlChange($0), .programChange($0)] }
        guard let control = known.first(where: { $0.source == source }) else { return nil }
        self = control
    }
}
