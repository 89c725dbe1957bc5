import PeachCore
import PeachRig

/// What the MIDI rig adds to a trial: where the sound went, which sound it was, and which
/// control answered. All optional; a session's `TrialRecorder` holds the port and sound, and
/// the control comes with each trial.
public struct RigContext: Hashable, Sendable {
    /// The ALSA output port's name, e.g. "FLUID Synth (1234):Synth input port (1234:0)".
    public var outputPort: String?
    public var sound: SoundSelection?
    public var inputControl: InputControl?

    public init(outputPort: String? = nil, sound: SoundSelection? = nil, inputControl: InputControl? = nil) {
        self.outputPort = outputPort
        self.sound = sound
        self.inputControl = inputControl
    }

    public static let none = RigContext()
}

/// The controller input that answered a trial.
public enum InputControl: Hashable, Sendable, CustomStringConvertible {
    /// A key (note number 0…127).
    case note(Int)
    /// A control change (controller number 0…127): a knob, fader, button or pedal.
    case controlChange(Int)
    case pitchWheel

    /// As stored: "note 60", "cc 74", "pitch wheel".
    public var description: String {
        switch self {
        case .note(let number): "note \(number)"
        case .controlChange(let number): "cc \(number)"
        case .pitchWheel: "pitch wheel"
        }
    }

    /// Reads the stored form back; nil for anything else.
    public init?(stored text: String) {
        if text == "pitch wheel" { self = .pitchWheel; return }
        let parts = text.split(separator: " ")
        guard parts.count == 2, let number = Int(parts[1]), (0...127).contains(number) else { return nil }
        switch parts[0] {
        case "note": self = .note(number)
        case "cc": self = .controlChange(number)
        default: return nil
        }
    }
}
