/// Does the synth `peach train` would start (amsynth or FluidSynth) actually start? Installed
/// is not enough: its audio driver may fail to open (no sound card, no access to it, no sound
/// server), and then training cannot begin. So doctor starts it as `train` would, with the
/// configured audio driver, and stops it again.
public struct SynthStartCheck: DoctorCheck {
    public static let check = "synth-start"
    public static let title = "Starting the synth"

    public enum Outcome: Sendable, Equatable {
        /// Not tried: another synth plays, or something checked above already says why it
        /// cannot start.
        case notTried(String)
        /// It became ready (its shell prompt) and was stopped again.
        case started(seconds: Double)
        /// What `peach train` would have said.
        case failed(String)
    }

    /// A start that succeeds after this many seconds is slow: still ok (training waits for it,
    /// see `SynthStartPatience`), but said, since every session will start that slowly.
    public static let slowStartSeconds = 5.0

    public let outcome: Outcome
    /// synth.audioDriver; nil: the engine's own default (FluidSynth's; amsynth: alsa).
    public let audioDriver: String?
    public let engine: SynthEngine

    public init(outcome: Outcome, audioDriver: String?, engine: SynthEngine = .fluidSynth) {
        self.outcome = outcome
        self.audioDriver = audioDriver
        self.engine = engine
    }

    private var driverText: String {
        audioDriver.map { "audio driver \($0)" }
            ?? (engine == .fluidSynth ? "FluidSynth's default audio driver" : "audio driver alsa (ALSA's default device)")
    }

    public var finding: DoctorFinding {
        switch outcome {
        case .notTried(let reason):
            return .ok(Self.check, Self.title, found: "not tried: \(reason)")
        case .started(let seconds):
            let time = (seconds * 10).rounded() / 10
            let slow = seconds > Self.slowStartSeconds ? "slow start: \(time) s (a busy machine? training waits for it); " : ""
            return .ok(Self.check, Self.title, found: "\(slow)\(engine.name) started and stopped again in \(time) s (\(driverText))")
        case .failed(let message):
            return .problem(Self.check, Self.title, found: "\(engine.name) did not start with \(driverText): \(message)",
                            fix: Self.fix(for: message, engine: engine))
        }
    }

    /// The usual causes, from what FluidSynth said.
    static func fix(for message: String, engine: SynthEngine) -> String {
        let lower = message.lowercased()
        if lower.contains("audio") || lower.contains("pcm") || lower.contains("device") {
            let drivers = engine == .fluidSynth
                ? "`peach settings set synth.audioDriver pulseaudio` (or pipewire, jack) where a sound server runs"
                : "`peach settings set synth.audioDriver jack` where JACK runs (alsa plays to ALSA's default device, "
                    + "which a sound server's ALSA plugin serves)"
            return "choose an audio driver that works here: \(drivers); alsa needs the sound card free and your user "
                + "in the audio group (sudo usermod -aG audio $USER, then log in again). Or set synth.engine to the "
                + "other synth, or start a synth yourself and name it with midi.outputPort."
        }
        return engine == .fluidSynth
            ? "check synth.soundFont and synth.audioDriver, or start a synth yourself and name it with midi.outputPort"
            : "check synth.audioDriver, set synth.engine fluidsynth, or start a synth yourself and name it with midi.outputPort"
    }
}
