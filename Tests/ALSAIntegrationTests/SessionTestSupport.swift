import ALSASequencer
import PeachALSA
import PeachCore
import PeachTestSupport

/// Fixed settings for the session tests: unison, short notes, the default channel and sound.
func sessionTestSettings() -> MockUserSettings {
    MockUserSettings {
        $0.noteDuration = (try? NoteDuration(seconds: 0.3)) ?? TrainingSettings.defaults.noteDuration
        $0.intervals = [.prime]
    }
}

/// What the app's composition root does on hot-plug, for a comparison session: stop it when a
/// port goes; when it is back, subscribe the synth again, set it up and restart the session.
struct ComparisonHotPlugTarget: HotPlugTarget {
    let session: PitchComparisonSession
    let player: ALSANotePlayer
    let peach: SequencerClient

    func portLost(_ message: String) async -> Bool {
        let running = session.state != .idle
        await session.stop()
        return running
    }

    func portsReturned(_ addresses: [PortRole: SequencerAddress], restart: Bool) async throws {
        if let output = addresses[.output] { try peach.connectOutput(to: output) }
        try player.prepare()
        if restart { await session.start() }
    }
}

/// What the app's front end does with controller input: every event from the keyboard goes
/// through the ControllerMapping, and what it means goes to the running session.
actor ControllerRouter {
    private var mapping: ControllerMapping
    private let comparison: PitchComparisonSession?
    private let matching: PitchMatchingSession?
    private(set) var routed: [TrainingInput] = []

    init(source: SequencerAddress, comparison: PitchComparisonSession) {
        mapping = ControllerMapping(settings: .default, source: source, answers: .higherOrLower)
        self.comparison = comparison
        self.matching = nil
    }

    init(source: SequencerAddress, matching: PitchMatchingSession) {
        mapping = ControllerMapping(settings: .default, source: source, answers: .tuning)
        self.comparison = nil
        self.matching = matching
    }

    /// Routes events until the stream ends.
    func run(_ events: AsyncStream<SequencerEvent>) async {
        for await event in events {
            for input in mapping.map(event) {
                routed.append(input)
                switch input {
                case .answer(let higher): comparison?.answer(higher: higher)
                case .touch: matching?.touch()
                case .adjust(let value): matching?.adjust(to: value)
                case .commit: matching?.commit()
                case .command, .timing, .tap: break
                }
            }
        }
    }

    func targetChanged(_ note: MIDINote) { mapping.targetChanged(note) }
    func trialStarted() { mapping.trialStarted() }
}
