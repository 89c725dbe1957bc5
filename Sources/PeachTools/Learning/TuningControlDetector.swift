import ALSASequencer
import PeachALSA
import PeachCore
import PeachRig

/// Guesses the tuning control from a movement: the pitch wheel, the mod wheel, a 7-bit CC, a
/// 14-bit CC pair or a relative encoder. Pure: one per learning step, fed every MIDI message
/// while the user moves the control.
///
/// - The pitch wheel is known at its first deflection beyond the dead zone; it becomes
///   `pitchWheelRate` (a spring-loaded wheel cannot hold a position).
/// - A CC is decided once it has sent `decisiveMessages` messages (its 14-bit partner's
///   included); before that, `bestGuess` decides from what there is, for a movement that
///   ended early (the caller asks after a quiet moment).
/// - A relative encoder sends the same small step again and again (two's complement 1 or
///   127, binary offset 65 or 63), or jumps between the ends of two's complement (1 and 127);
///   an absolute control sends a new position each time. An accelerating encoder that never
///   repeats a value looks absolute: `peach settings set` corrects that by hand.
/// - CC N (0…31) together with CC N + 32 is a 14-bit pair; CC 1 is the mod wheel either way.
public struct TuningControlDetector: Sendable {
    public static let decisiveMessages = 8
    /// The rate a learnt pitch wheel gets: a full deflection crosses the ±20-cent span in 0.2 s.
    public static let pitchWheelRate = 200.0
    /// Two's complement steps up to ±15 ticks; binary offset within ±15 of 64.
    static let twosComplementValues: Set<UInt8> = Set(1...15).union(113...127)
    static let binaryOffsetValues: Set<UInt8> = Set(49...79)

    public let channel: MIDIChannel?
    /// Each CC's values in arrival order, and the order the CCs first appeared in.
    private var values: [UInt8: [UInt8]] = [:]
    private var order: [UInt8] = []

    public init(channel: MIDIChannel? = nil) {
        self.channel = channel
    }

    public mutating func receive(_ message: MIDIMessage) -> ControlDetection<TuningControl> {
        if let reason = ControlDetectionFilter.rejection(of: message, channel: channel) { return .ignored(reason) }
        switch message {
        case .pitchBend(_, let value):
            guard abs(Int(value)) > ControllerMapping.pitchWheelDeadZone else { return .nothing }
            return (try? TuningControl(.pitchWheelRate(maxCentsPerSecond: Self.pitchWheelRate))).map { .detected($0) }
                ?? .nothing
        case .controlChange(_, let controller, let value):
            if values[controller] == nil { order.append(controller) }
            values[controller, default: []].append(value)
            let group = Self.group(of: controller, seen: values)
            let count = group.reduce(0) { $0 + (values[$1]?.count ?? 0) }
            guard count >= Self.decisiveMessages, let control = classify(group[0]) else { return .listening }
            return .detected(control)
        case .noteOn(_, _, let velocity) where velocity > 0:
            return .ignored("a key does not tune: move a wheel, fader, knob or encoder")
        case .programChange:
            return .ignored("a program change does not tune")
        case .noteOn, .noteOff, .channelPressure, .other:
            return .nothing
        }
    }

    /// The control the messages so far point to (the CC that sent the most), or nil before any CC.
    public var bestGuess: TuningControl? {
        let busiest = order.max { (values[$0]?.count ?? 0) < (values[$1]?.count ?? 0) }
        return busiest.flatMap { classify(Self.group(of: $0, seen: values)[0]) }
    }

    /// The CC and its 14-bit partner if that has been seen, MSB first.
    private static func group(of controller: UInt8, seen: [UInt8: [UInt8]]) -> [UInt8] {
        let lsbOffset = UInt8(TuningControl.lsbOffset)
        if TuningControl.fourteenBitMSBNumbers.contains(Int(controller)) {
            return seen[controller + lsbOffset] == nil ? [controller] : [controller, controller + lsbOffset]
        }
        if controller >= lsbOffset, TuningControl.fourteenBitMSBNumbers.contains(Int(controller - lsbOffset)),
           seen[controller - lsbOffset] != nil {
            return [controller - lsbOffset, controller]
        }
        return [controller]
    }

    private func classify(_ controller: UInt8) -> TuningControl? {
        let sent = values[controller] ?? []
        let number = Int(controller)
        if let form = Self.encoderForm(sent) {
            return try? TuningControl(.relativeEncoder(controller: number, form: form, stepCents: 1.0))
        }
        if number == 1 { return .modWheel }
        let hasLSB = TuningControl.fourteenBitMSBNumbers.contains(number)
            && values[controller + UInt8(TuningControl.lsbOffset)] != nil
        return try? TuningControl(.absoluteCC(controller: number, fourteenBit: hasLSB))
    }

    /// The relative form these values fit, if they are a relative encoder's.
    static func encoderForm(_ sent: [UInt8]) -> TuningControl.EncoderForm? {
        guard sent.count >= 2 else { return nil }
        let repeats = zip(sent, sent.dropFirst()).contains { $0 == $1 }
        let all = Set(sent)
        if all.isSubset(of: twosComplementValues) {
            let bothWays = all.contains { $0 <= 15 } && all.contains { $0 >= 113 }
            return repeats || bothWays ? .twosComplement : nil
        }
        if all.isSubset(of: binaryOffsetValues), repeats, all != [64] {
            return .binaryOffset
        }
        return nil
    }
}
