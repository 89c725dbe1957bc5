/// Does the FluidSynth `peach train` would start actually start? Installed and a soundfont found
/// is not enough: its audio driver may fail to open (no sound card, no access to it, no sound
/// server), and then training cannot begin. So doctor starts it as `train` would, with the
/// configured audio driver, and stops it again.
public struct SynthStartCheck: DoctorCheck {
    public static let check = "synth-start"
    public static let title = "Starting FluidSynth"

    public enum Outcome: Sendable, Equatable {
        /// Not tried: another synth plays, or something checked above already says why it
        /// cannot start.
        case notTried(String)
        /// It became ready (its shell prompt) and was stopped again.
        case started(seconds: Double)
        /// What `peach train` would have said.
        case failed(String)
    }

    public let outcome: Outcome
    /// synth.audioDriver; nil: FluidSynth's own default (ALSA's default device).
    public let audioDriver: String?

    public init(outcome: Outcome, audioDriver: String?) {
        self.outcome = outcome
        self.audioDriver = audioDriver
    }

    private var driverText: String { audioDriver.map { "audio driver \($0)" } ?? "FluidSynth's default audio driver" }

    public var finding: DoctorFinding {
        switch outcome {
        case .notTried(let reason):
            return .ok(Self.check, Self.title, found: "not tried: \(reason)")
        case .started(let seconds):
            let time = (seconds * 10).rounded() / 10
            return .ok(Self.check, Self.title, found: "started and stopped again in \(time) s (\(driverText))")
        case .failed(let message):
            return .problem(Self.check, Self.title, found: "it did not start with \(driverText): \(message)", fix: Self.fix(for: message))
        }
    }

    /// The usual causes, from what FluidSynth said.
    static func fix(for message: String) -> String {
        let lower = message.lowercased()
        if lower.contains("audio") || lower.contains("pcm") || lower.contains("device") {
            return """
                choose an audio driver that works here: `peach settings set synth.audioDriver pulseaudio` \
                (or pipewire, jack) where a sound server runs; alsa needs the sound card free and your user \
                in the audio group (sudo usermod -aG audio $USER, then log in again). Or start a synth \
                yourself and name it with midi.outputPort.
                """
        }
        return "check synth.soundFont and synth.audioDriver, or start a synth yourself and name it with midi.outputPort"
    }
}
