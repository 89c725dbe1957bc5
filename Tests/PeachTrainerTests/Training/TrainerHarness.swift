import ALSASequencer
import PeachALSA
import PeachCore
import PeachTerminal
import PeachTestSupport
import PeachTrainer
import Synchronization

/// A trainer on fakes at its edges: an instant player, an immediate clock, recorded reports and
/// cues; controller events and keys are fed through streams as the app's would be.
struct TrainerHarness {
    let player = InstantNotePlayer()
    let presenter = RecordingPresenter()
    let cue = RecordingCue()
    let trainer: Trainer
    let controller: AsyncStream<SequencerEvent>.Continuation
    let keys: AsyncStream<TerminalKey>.Continuation
    private let controllerEvents: AsyncStream<SequencerEvent>
    private let keyEvents: AsyncStream<TerminalKey>
    private let answers = AnswerLog()

    init(mode: TrainingMode = .comparison, trialLimit: Int? = nil,
         commands: [ControllerCommand: ControllerButton] = [:],
         observers: [any PitchComparisonObserver] = []) throws {
        let settings = MockUserSettings()
        let controllerSettings = try ControllerSettings(commands: commands)
        let player = self.player
        let makeSession: Trainer.SessionFactory = { mode in
            let intervals = mode.intervals(configured: [.perfectFifthUp])
            if mode.isMatching {
                return .matching(try PitchMatchingSession(
                    intervals: intervals, player: player, settings: settings, clock: ImmediateClock(),
                    random: SessionRandom(SplitMix64(seed: 7))))
            }
            return .comparison(try PitchComparisonSession(
                intervals: intervals, player: player, settings: settings, observers: observers,
                clock: ImmediateClock(), random: SessionRandom(SplitMix64(seed: 7))))
        }
        (controllerEvents, controller) = AsyncStream<SequencerEvent>.makeStream()
        (keyEvents, keys) = AsyncStream<TerminalKey>.makeStream()
        let answers = self.answers
        trainer = Trainer(
            mode: mode, trialLimit: trialLimit, makeSession: makeSession, presenter: presenter, cue: cue,
            feedback: .default, controllerSource: Keyboard.address, controllerSettings: { controllerSettings },
            describePorts: { ("Test Synth", "Test Keyboard") },
            answered: { answers.append($0) }, clock: ImmediateClock())
    }

    func run() -> Task<Trainer.Outcome, Never> {
        let (trainer, controllerEvents, keyEvents) = (self.trainer, self.controllerEvents, self.keyEvents)
        return Task { await trainer.run(controller: controllerEvents, keys: keyEvents) }
    }

    /// Waits until the `number`th comparison trial awaits its answer.
    func awaitingAnswer(_ number: Int) async {
        await presenter.waitUntil { $0.filter(\.isAwaitingAnswer).count >= number }
    }

    var answeredBy: [AnswerControl] { answers.controls }
}

final class AnswerLog: Sendable {
    private let log = Mutex<[AnswerControl]>([])
    func append(_ control: AnswerControl) { log.withLock { $0.append(control) } }
    var controls: [AnswerControl] { log.withLock { $0 } }
}
