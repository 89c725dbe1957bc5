import ALSASequencer
import PeachALSA
import PeachCore
import PeachRig

/// What `peach monitor` makes of each event: the controller mapping of a pretend session, and
/// why an event means nothing where the mapping's rules can tell. Pure: no ALSA, no clock.
///
/// The session is pretended as far as the mapping needs it: comparison answers are relative to
/// a fixed `pretendTarget`; in matching, a commit ends the pretend trial, so the next movement
/// of the tuning control is a touch again; "next mode" switches the monitored mode as it
/// switches training. The pitch wheel as a rate moves the position only when the wheel sends
/// (training also advances it while the wheel is held still); the monitor shows the events.
public struct ControllerMonitor: Sendable {
    public private(set) var mode: TrainingMode
    public let pretendTarget: MIDINote
    private var mapping: ControllerMapping
    /// CC buttons at 64 or more, to tell a held button from a new press.
    private var heldControllers: Set<UInt8> = []
    /// The non-control event types shown once already (active sensing comes every 300 ms).
    private var shownOtherTypes: Set<Int32> = []

    public init(settings: ControllerSettings, mode: TrainingMode, pretendTarget: MIDINote,
                source: SequencerAddress? = nil) {
        self.mode = mode
        self.pretendTarget = pretendTarget
        mapping = ControllerMapping(settings: settings, source: source, answers: mode.answers)
        mapping.targetChanged(pretendTarget)
        mapping.trialStarted()
    }

    /// The middle of the note range: where the sessions' targets lie on average.
    public static func pretendTarget(in range: NoteRange) -> MIDINote {
        (try? MIDINote((range.lower.rawValue + range.upper.rawValue) / 2)) ?? range.lower
    }

    public var settings: ControllerSettings { mapping.settings }

    /// Only events from this port count (the controller's, followed when it comes back).
    public var source: SequencerAddress? {
        get { mapping.source }
        set { mapping.source = newValue }
    }

    /// The reading of a MIDI event; nil for the sequencer's announcements and for a non-control
    /// event (clock, active sensing, …) of a type already shown once.
    public mutating func read(_ event: SequencerEvent) -> MonitorReading? {
        guard case .midi(let message) = event.payload else { return nil }
        if case .other(let type) = message, !shownOtherTypes.insert(type).inserted { return nil }
        let readIn = mode
        let reason = ignoredReason(message, from: event.source)
        let inputs = mapping.map(event)
        if case .controlChange(_, let controller, let value) = message {
            if value >= 64 { heldControllers.insert(controller) } else { heldControllers.remove(controller) }
        }
        for input in inputs {
            switch input {
            case .commit:
                mapping.trialStarted()
            case .command(.nextMode):
                mode = mode.next
                mapping.answers = mode.answers
                mapping.trialStarted()
            default:
                break
            }
        }
        return MonitorReading(message: message, channel: message.channel.map { Int($0) + 1 }, inputs: Array(inputs),
                              ignored: inputs.isEmpty ? reason ?? "no change" : nil, mode: readIn,
                              modeAfter: mode == readIn ? nil : mode)
    }

    /// Why the mapping will not use `message`, as far as its rules tell; nil when it might.
    /// Asked before the mapping sees the event, so "held" means held before this one.
    private func ignoredReason(_ message: MIDIMessage, from sender: SequencerAddress) -> String? {
        let settings = mapping.settings
        if let source = mapping.source, sender != source {
            return "from \(sender), not the controller's port \(source)"
        }
        if let channel = settings.channel, let sent = message.channel, sent != channel.wireValue {
            return "channel \(Int(sent) + 1): controller.channel is \(channel.number)"
        }
        switch message {
        case .noteOn(_, let note, let velocity):
            if let hold = holdReason(.note, Int(note), released: velocity == 0) { return hold }
            if velocity == 0 { return "key released (a note-on with velocity 0): keys count when pressed" }
            return keyReason(Int(note))
        case .noteOff(_, let note, _):
            return holdReason(.note, Int(note), released: true) ?? "key released: keys count when pressed"
        case .controlChange(_, let controller, let value):
            if !(mode.isMatching && settings.tuning.controllers.contains(Int(controller))),
               value < 64 ? heldControllers.contains(controller) : !heldControllers.contains(controller),
               let hold = holdReason(.controlChange, Int(controller), released: value < 64) {
                return hold
            }
            return controlReason(controller, value: value)
        case .programChange(_, let program):
            return "program change \(program) is not mapped in \(mode)"
        case .pitchBend:
            guard mode.isMatching else { return "the pitch wheel does not answer in \(mode)" }
            guard case .pitchWheelRate = settings.tuning.kind else {
                return "the pitch wheel is not the tuning control (controller.matching.control is \(settings.tuning.text))"
            }
            return "the pitch wheel is centred"
        case .channelPressure:
            return "channel pressure is not a control"
        case .other(let type):
            if let name = MIDIMessage.name(ofOtherType: type) {
                return "\(name) is not a control; further ones of this type are not shown"
            }
            return "not a control (ALSA event type \(type)); further ones of this type are not shown"
        }
    }

    /// For the hold control: what its press or a short release means.
    private func holdReason(_ kind: ControllerButton.Kind, _ number: Int, released: Bool) -> String? {
        guard let hold = mapping.settings.activeHoldStartStop, hold.kind == kind, hold.number == number else { return nil }
        let seconds = ControllerSettings.holdSeconds
        return released
            ? "\(hold.description) let go within \(seconds) s: held \(seconds) s or longer, it starts/stops"
            : "\(hold.description) down: let go after \(seconds) s or more to start/stop"
    }

    private func keyReason(_ note: Int) -> String {
        let settings = mapping.settings
        if mode.answers == .tap {
            return "not the tap control (controller.rhythm.tap is \(settings.tap?.text ?? "anyKey"))"
        }
        if mode.answers == .earlyOrLate {
            return "not the lower (early) or higher (late) control (controller.comparison.mode is explicit)"
        }
        if mode.isMatching {
            return "no key commits (controller.matching.commit has no anyKey) and this one is no control"
        }
        if settings.comparisonMode == .explicit {
            return "not the higher or lower control (controller.comparison.mode is explicit)"
        }
        return note == pretendTarget.rawValue ? "the target's own key (\(pretendTarget.name))" : "not mapped"
    }

    private func controlReason(_ controller: UInt8, value: UInt8) -> String {
        guard ControllerButton.controlChangeNumbers.contains(Int(controller)) else {
            return "CC \(controller) is a channel mode message, never a control"
        }
        let settings = mapping.settings
        if mode.isMatching, settings.tuning.controllers.contains(Int(controller)) {
            return "the tuning control's position did not change (or an LSB came before any MSB)"
        }
        guard mappedButtons.contains(where: { $0.kind == .controlChange && $0.number == Int(controller) }) else {
            return "CC \(controller) is not mapped in \(mode)"
        }
        if value < 64 { return "CC \(controller) released: a button presses when it rises to 64 or more" }
        return heldControllers.contains(controller) ? "CC \(controller) is still held (at 64 or more)" : "not mapped"
    }

    /// The buttons that mean something in the current mode.
    private var mappedButtons: [ControllerButton] {
        let settings = mapping.settings
        var buttons = Array(settings.commands.values)
        if mode.answers == .tap {
            buttons += [settings.tap].compactMap { $0 }
        } else if mode.isMatching {
            for case .button(let button) in settings.commit { buttons.append(button) }
        } else if settings.comparisonMode == .explicit {
            buttons += [settings.higher, settings.lower].compactMap { $0 }
        }
        return buttons
    }
}
