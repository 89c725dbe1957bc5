import ALSASequencer
import PeachCore
import PeachRig

/// Finds the button the user pressed: a key (note-on), a CC rising to 64 or more (a button or
/// pedal; the sustain pedal is CC 64), or a program change. Pure: one per learning step, fed
/// every MIDI message that arrives while the step waits.
public struct ButtonDetector: Sendable {
    /// Only this channel counts (controller.channel); nil: every channel.
    public let channel: MIDIChannel?
    /// The tuning control's CCs: moving it on is no button press.
    public let tuningControllers: Set<Int>
    private var heldControllers: Set<UInt8> = []

    public init(channel: MIDIChannel? = nil, tuningControllers: Set<Int> = []) {
        self.channel = channel
        self.tuningControllers = tuningControllers
    }

    public mutating func receive(_ message: MIDIMessage) -> ControlDetection<ControllerButton> {
        if let reason = ControlDetectionFilter.rejection(of: message, channel: channel) { return .ignored(reason) }
        switch message {
        case .noteOn(_, let note, let velocity) where velocity > 0:
            return Self.detected(.note, Int(note))
        case .controlChange(_, let controller, let value):
            if tuningControllers.contains(Int(controller)) {
                return .ignored("CC \(controller) belongs to the tuning control")
            }
            // A press is the rise through 64, as ControllerMapping counts it.
            guard value >= 64 else {
                heldControllers.remove(controller)
                return .nothing
            }
            guard heldControllers.insert(controller).inserted else { return .nothing }
            return Self.detected(.controlChange, Int(controller))
        case .programChange(_, let program):
            return Self.detected(.programChange, Int(program))
        case .pitchBend:
            return .ignored("the pitch wheel is no button")
        case .noteOn, .noteOff, .channelPressure, .other:
            return .nothing
        }
    }

    /// 7-bit numbers are in range for every kind, CC 120…127 aside, which the filter took.
    private static func detected(_ kind: ControllerButton.Kind, _ number: Int) -> ControlDetection<ControllerButton> {
        (try? ControllerButton(kind, number)).map { .detected($0) } ?? .nothing
    }
}
