import ALSASequencer
import PeachCore
import PeachRig

/// What one event told a detector in `peach learn`.
public enum ControlDetection<Control: Hashable & Sendable>: Hashable, Sendable {
    /// The control is known.
    case detected(Control)
    /// Part of a movement that is not conclusive yet (a tuning control needs a few messages).
    case listening
    /// Not a candidate, with a hint worth showing the user.
    case ignored(String)
    /// Not a candidate and not worth mentioning (a key's release, a pedal going up).
    case nothing
}

/// Events that cannot be a control whatever the step; shared by both detectors.
enum ControlDetectionFilter {
    /// Why `message` is no candidate (another channel, a channel mode message), or nil.
    static func rejection(of message: MIDIMessage, channel: MIDIChannel?) -> String? {
        if let channel, let sent = message.channel, sent != channel.wireValue {
            return "channel \(Int(sent) + 1): controller.channel is \(channel.number)"
        }
        if case .controlChange(_, let controller, _) = message,
           !ControllerButton.controlChangeNumbers.contains(Int(controller)) {
            return "CC \(controller) is a channel mode message, never a control"
        }
        return nil
    }
}
