import ALSASequencer
import PeachCore
import PeachRig

/// Turns controller events into session inputs, as `ControllerSettings` says. Pure code: no
/// ALSA calls, no clock, no tasks; the front end owns one, feeds it every received event and
/// routes the results to the running session.
///
/// What the front end tells it:
/// - `answers`: what answers are in the running session (answers and tuning inputs are only
///   produced in their own vocabulary; commands always);
/// - `targetChanged(_:)`: the note the last comparison target sounded on (relative answers);
/// - `trialStarted()`: a new trial, so the next tuning movement is a touch again;
/// - `advance(to:)`: see `pitchWheelCentsPerSecond`.
///
/// Events from another port than `source` (when set), from another channel than the settings'
/// (when set), pressure, and everything `.other` (clock, active sensing, SysEx) are dropped by
/// the first comparisons, without allocating. A release (note-off, a CC button falling below
/// 64) means something only for the hold control (`ControllerSettings.activeHoldStartStop`):
/// let go at least `holdDuration` after its press, by the two events' kernel timestamps, it
/// gives start/stop. No timer runs while it is held: the release's own stamp says how long.
public struct ControllerMapping: Sendable {
    /// In rhythm offset detection with answers relative to a note, keys below this answer
    /// "early", the rest "late": the keyboard read left to right as time.
    public static let earlyLateSplit = MIDINote.middleC

    public private(set) var settings: ControllerSettings
    /// Only events from this port count; nil accepts every connected port.
    public var source: SequencerAddress?
    /// What answers are in the running session; nil: only commands are mapped.
    public var answers: AnswerVocabulary?
    /// The note of the last comparison target, if any.
    public private(set) var lastTarget: MIDINote?

    private var buttons = CCButtonStates()
    /// From `settings`, worked out once per settings instead of at every press (the hold
    /// control's rules build an array): `activeHoldStartStop`, and the command buttons in
    /// `TrainingCommand.allCases` order.
    private var holdControl: ControllerButton?
    private var commandButtons: [(command: TrainingCommand, button: ControllerButton)]
    private var tuning: TuningState
    private var touched = false
    private var lastAdjust: Double?
    /// When the hold control was pressed, while it is held (nil: not held, or its press had no
    /// time to measure from).
    private var holdPressedAt: UInt64?
    /// The hold control also commits, and went down in a matching trial before any tuning
    /// movement: its commit waits for the release, since a press that becomes a hold (to pause)
    /// must not record the untouched initial offset as an answer.
    private var commitOnRelease = false
    private static let holdNanoseconds: UInt64 = {
        let components = ControllerSettings.holdDuration.components
        return UInt64(components.seconds) * 1_000_000_000 + UInt64(components.attoseconds / 1_000_000_000)
    }()

    private enum TuningState: Sendable {
        case absolute(AbsoluteControlPosition)
        case encoder(RelativeEncoderPosition)
        case wheel(PitchWheelRate)
    }

    private static let spanCents = PitchMatchingSession.controlSpan.rawValue
    /// Pitch-wheel values within this of the centre count as centred (a spring's slack).
    public static let pitchWheelDeadZone = PitchWheelRate.deadZone

    public init(settings: ControllerSettings, source: SequencerAddress? = nil, answers: AnswerVocabulary? = nil) {
        self.settings = settings
        self.source = source
        self.answers = answers
        self.tuning = Self.tuningState(for: settings.tuning)
        holdControl = settings.activeHoldStartStop
        commandButtons = Self.commandButtons(of: settings)
    }

    /// New settings (they are re-read before each trial). The tuning control's state survives
    /// unless the control itself changed.
    public mutating func update(settings newSettings: ControllerSettings) {
        if newSettings.tuning != settings.tuning {
            tuning = Self.tuningState(for: newSettings.tuning)
            touched = false
            lastAdjust = nil
        }
        if newSettings.activeHoldStartStop != settings.activeHoldStartStop {
            holdPressedAt = nil
            commitOnRelease = false
        }
        settings = newSettings
        holdControl = newSettings.activeHoldStartStop
        commandButtons = Self.commandButtons(of: newSettings)
    }

    private static func commandButtons(of settings: ControllerSettings) -> [(command: TrainingCommand, button: ControllerButton)] {
        TrainingCommand.allCases.compactMap { command in settings.commands[command].map { (command, $0) } }
    }

    /// The comparison's target sounded on `note`: keys above it answer higher, below it lower.
    public mutating func targetChanged(_ note: MIDINote) {
        lastTarget = note
    }

    /// A new trial: the next tuning movement is a touch, and relative controls start again from
    /// the middle (the tunable note's initial offset). An absolute control keeps its position,
    /// which is where the hardware is.
    public mutating func trialStarted() {
        touched = false
        lastAdjust = nil
        commitOnRelease = false
        switch tuning {
        case .absolute: break
        case .encoder(var encoder):
            encoder.recentre()
            tuning = .encoder(encoder)
        case .wheel(var wheel):
            wheel.recentre()
            tuning = .wheel(wheel)
        }
    }

    /// The inputs `event` stands for, usually none or one; the first movement of the tuning
    /// control gives `.touch` followed by its `.adjust`.
    ///
    /// - Parameter arrivalNanoseconds: when the event arrived, for events without a kernel
    ///   timestamp; only the pitch wheel's rate mode and the hold control use time, and for the
    ///   wheel it must be the clock that `advance(to:)` is given.
    public mutating func map(_ event: SequencerEvent, arrivalNanoseconds: UInt64? = nil) -> MappedInputs {
        guard case .midi(let message) = event.payload else { return MappedInputs() }
        if let source, event.source != source { return MappedInputs() }
        switch message {
        case .noteOn(let channel, let note, let velocity):
            guard accepts(channel) else { return MappedInputs() }
            // Velocity 0 is a note-off by MIDI's running-status convention.
            guard velocity > 0 else {
                return released(.note, Int(note), at: event.timestampNanoseconds ?? arrivalNanoseconds)
            }
            let time = event.timestampNanoseconds ?? arrivalNanoseconds
            let deferred = holdPressed(.note, Int(note), at: time)
            return withoutCommit(keyPressed(note, at: time), if: deferred)
        case .noteOff(let channel, let note, _):
            guard accepts(channel) else { return MappedInputs() }
            return released(.note, Int(note), at: event.timestampNanoseconds ?? arrivalNanoseconds)
        case .controlChange(let channel, let controller, let value):
            guard accepts(channel) else { return MappedInputs() }
            return controlChanged(controller, value: value, at: event.timestampNanoseconds ?? arrivalNanoseconds)
        case .programChange(let channel, let program):
            guard accepts(channel) else { return MappedInputs() }
            return buttonPressed(.programChange, Int(program), at: event.timestampNanoseconds ?? arrivalNanoseconds)
        case .pitchBend(let channel, let value):
            guard accepts(channel) else { return MappedInputs() }
            return pitchWheelMoved(value, at: event.timestampNanoseconds ?? arrivalNanoseconds)
        case .channelPressure, .other:
            return MappedInputs()
        }
    }

    /// In pitch-wheel rate mode, while the wheel is held off centre the position keeps moving
    /// but the wheel sends nothing. Instead of polling, the front end schedules a timer only
    /// while this is not 0 (e.g. every 10 ms) and calls `advance(to:)` from it; it is 0 when
    /// the wheel is centred, the position is at the end it is pushed towards, no touch has
    /// happened yet, or the tuning control is not the pitch wheel.
    public var pitchWheelCentsPerSecond: Double {
        guard answers == .tuning, touched, case .wheel(let wheel) = tuning else { return 0 }
        return wheel.centsPerSecond
    }

    /// Moves the rate-mode position up to `nanoseconds` (on the clock of the events'
    /// timestamps, e.g. the receiving queue's real time, or the front end's own clock if it
    /// passes that as `arrivalNanoseconds`). Returns the new `.adjust`, if the value changed.
    public mutating func advance(to nanoseconds: UInt64) -> MappedInputs {
        guard case .wheel(var wheel) = tuning else { return MappedInputs() }
        let integrating = answers == .tuning && touched
        wheel.advance(to: nanoseconds, integrating: integrating)
        tuning = .wheel(wheel)
        return integrating ? moved(to: wheel.cents / Self.spanCents) : MappedInputs()
    }

    // MARK: - Events

    private func accepts(_ channel: UInt8) -> Bool {
        settings.channel.map { $0.wireValue == channel } ?? true
    }

    private mutating func keyPressed(_ note: UInt8, at time: UInt64?) -> MappedInputs {
        let pressed = buttonPressed(.note, Int(note), at: time)
        guard pressed.isEmpty else { return pressed }
        switch answers {
        case .earlyOrLate where settings.comparisonMode == .relativeToTarget:
            return MappedInputs(.timing(early: Int(note) < Self.earlyLateSplit.rawValue))
        case .tap where settings.tap == nil:
            return MappedInputs(.tap(nanoseconds: time))
        case .higherOrLower where settings.comparisonMode == .relativeToTarget:
            guard let lastTarget, Int(note) != lastTarget.rawValue else { return MappedInputs() }
            return MappedInputs(.answer(higher: Int(note) > lastTarget.rawValue))
        case .tuning where settings.commit.contains(.anyKey):
            return MappedInputs(.commit)
        default:
            return MappedInputs()
        }
    }

    private mutating func controlChanged(_ controller: UInt8, value: UInt8, at time: UInt64?) -> MappedInputs {
        let transition = buttons.transition(controller: controller, value: value)
        if answers == .tuning, let inputs = tuningControlChanged(controller, value: value) {
            return inputs
        }
        switch transition {
        case .press:
            let deferred = holdPressed(.controlChange, Int(controller), at: time)
            return withoutCommit(buttonPressed(.controlChange, Int(controller), at: time), if: deferred)
        case .release:
            return released(.controlChange, Int(controller), at: time)
        case nil:
            return MappedInputs()
        }
    }

    // MARK: - The hold control

    private func isHoldControl(_ kind: ControllerButton.Kind, _ number: Int) -> Bool {
        guard let hold = holdControl else { return false }
        return hold.kind == kind && hold.number == number
    }

    /// Notes when the hold control went down; its press means what it always did besides,
    /// except a commit before any tuning movement, which waits for the release.
    /// Returns whether this press's commit waits for the release.
    private mutating func holdPressed(_ kind: ControllerButton.Kind, _ number: Int, at time: UInt64?) -> Bool {
        guard isHoldControl(kind, number) else { return false }
        holdPressedAt = time
        commitOnRelease = answers == .tuning && !touched
        return commitOnRelease
    }

    private func withoutCommit(_ inputs: MappedInputs, if deferred: Bool) -> MappedInputs {
        deferred ? inputs.removing(.commit) : inputs
    }

    /// Start/stop when the hold control comes up `holdDuration` or more after it went down;
    /// a shorter press (a commit's tap) gives nothing more, or its deferred commit.
    private mutating func released(_ kind: ControllerButton.Kind, _ number: Int, at time: UInt64?) -> MappedInputs {
        guard isHoldControl(kind, number) else { return MappedInputs() }
        let deferred = commitOnRelease
        commitOnRelease = false
        let pressedAt = holdPressedAt
        holdPressedAt = nil
        // Without both stamps no hold can be measured: the release is a tap's.
        guard let pressedAt, let time, time >= pressedAt, time - pressedAt >= Self.holdNanoseconds else {
            return deferred && buttonCommits(kind, number) ? MappedInputs(.commit) : MappedInputs()
        }
        return MappedInputs(.command(.startStop))
    }

    /// Whether the button is one of the matching session's commit triggers.
    private func buttonCommits(_ kind: ControllerButton.Kind, _ number: Int) -> Bool {
        settings.commit.contains { if case .button(let button) = $0 { button.kind == kind && button.number == number } else { false } }
    }

    /// Commands first (they work in every session and win over answers), then the running
    /// session's buttons.
    private func buttonPressed(_ kind: ControllerButton.Kind, _ number: Int, at time: UInt64?) -> MappedInputs {
        func matches(_ button: ControllerButton?) -> Bool {
            button?.kind == kind && button?.number == number
        }
        for (command, button) in commandButtons where matches(button) {
            return MappedInputs(.command(command))
        }
        switch answers {
        case .higherOrLower where settings.comparisonMode == .explicit:
            if matches(settings.higher) { return MappedInputs(.answer(higher: true)) }
            if matches(settings.lower) { return MappedInputs(.answer(higher: false)) }
        case .tuning:
            if buttonCommits(kind, number) { return MappedInputs(.commit) }
        case .earlyOrLate where settings.comparisonMode == .explicit:
            if matches(settings.lower) { return MappedInputs(.timing(early: true)) }
            if matches(settings.higher) { return MappedInputs(.timing(early: false)) }
        case .tap where settings.tap != nil:
            if matches(settings.tap) { return MappedInputs(.tap(nanoseconds: time)) }
        default:
            break
        }
        return MappedInputs()
    }

    /// nil when `controller` is not the tuning control's.
    private mutating func tuningControlChanged(_ controller: UInt8, value: UInt8) -> MappedInputs? {
        switch tuning {
        case .absolute(var control):
            guard control.listens(to: controller) else { return nil }
            let position = control.receive(controller: controller, value: value)
            tuning = .absolute(control)
            return position.map { moved(to: $0 * 2 - 1) } ?? MappedInputs()
        case .encoder(var encoder):
            guard encoder.controller == controller else { return nil }
            let ticks = encoder.receive(value)
            tuning = .encoder(encoder)
            return ticks == 0 ? MappedInputs() : moved(to: encoder.cents / Self.spanCents)
        case .wheel:
            return nil
        }
    }

    private mutating func pitchWheelMoved(_ value: Int16, at time: UInt64?) -> MappedInputs {
        guard answers == .tuning, case .wheel(var wheel) = tuning else { return MappedInputs() }
        wheel.bend(value, at: time, integrating: touched)
        tuning = .wheel(wheel)
        if touched {
            return moved(to: wheel.cents / Self.spanCents)
        }
        guard wheel.deflection != 0 else { return MappedInputs() }
        // The first deflection starts the note where it is; the position follows from here.
        touched = true
        lastAdjust = 0
        return MappedInputs(.touch)
    }

    /// `.touch` then `.adjust` on the trial's first movement; afterwards `.adjust` when the
    /// value changed.
    private mutating func moved(to value: Double) -> MappedInputs {
        let clamped = min(max(value, -1), 1)
        defer { lastAdjust = clamped }
        guard touched else {
            touched = true
            return MappedInputs(.touch, .adjust(clamped))
        }
        return clamped == lastAdjust ? MappedInputs() : MappedInputs(.adjust(clamped))
    }

    private static func tuningState(for control: TuningControl) -> TuningState {
        switch control.kind {
        case .absoluteCC(let controller, let fourteenBit):
            .absolute(AbsoluteControlPosition(controller: controller, fourteenBit: fourteenBit))
        case .relativeEncoder(let controller, let form, let stepCents):
            .encoder(RelativeEncoderPosition(controller: controller, form: form, stepCents: stepCents,
                                             spanCents: spanCents))
        case .pitchWheelRate(let maxCentsPerSecond):
            .wheel(PitchWheelRate(maxCentsPerSecond: maxCentsPerSecond, spanCents: spanCents))
        }
    }
}
