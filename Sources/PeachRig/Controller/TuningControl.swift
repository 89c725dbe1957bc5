import PeachCore

/// The control that tunes the note in pitch matching.
///
/// Settings syntax:
/// - `modWheel`: CC 1, with CC 33 as the 14-bit LSB when the controller sends it;
/// - `cc:N`: any absolute CC, 7-bit; `cc14:N`: a 14-bit pair, MSB N (0…31) and LSB N+32;
/// - `encoder:N:FORM:STEP`: a relative encoder on CC N, FORM `twosComplement` (1 = +1, 127 = −1)
///   or `binaryOffset` (65 = +1, 63 = −1), STEP cents per tick (STEP may be left off: 1.0);
/// - `pitchWheelRate:R`: the pitch wheel sets the speed of the change, up to R cents per second
///   at full deflection, so a spring-loaded wheel works.
public struct TuningControl: Hashable, Sendable, CustomStringConvertible {
    public enum EncoderForm: String, Hashable, Sendable, CaseIterable {
        /// 1…63 turn up by that many ticks, 127…65 down by 1…63 (64 is −64).
        case twosComplement
        /// 64 is rest; 65…127 turn up by 1…63, 63…0 down by 1…64.
        case binaryOffset
    }

    public enum Kind: Hashable, Sendable {
        case absoluteCC(controller: Int, fourteenBit: Bool)
        case relativeEncoder(controller: Int, form: EncoderForm, stepCents: Double)
        case pitchWheelRate(maxCentsPerSecond: Double)
    }

    /// A 14-bit pair's MSB is 0…31; its LSB is the MSB's number + 32.
    public static let fourteenBitMSBNumbers = 0...31
    public static let lsbOffset = 32
    /// A step larger than the control span (±20 cents) would jump from end to end.
    public static let encoderStepCents = 0.01...20.0
    public static let wheelRateCentsPerSecond = 1.0...1000.0
    public static let modWheel = TuningControl(unchecked: .absoluteCC(controller: 1, fourteenBit: true))
    static let syntax = "modWheel, cc:NUMBER, cc14:NUMBER (0…31), encoder:NUMBER:twosComplement|binaryOffset:STEP_CENTS "
        + "or pitchWheelRate:CENTS_PER_SECOND"

    public let kind: Kind

    public init(_ kind: Kind) throws(DomainValueError) {
        switch kind {
        case .absoluteCC(let controller, let fourteenBit):
            let allowed = fourteenBit ? Self.fourteenBitMSBNumbers : ControllerButton.controlChangeNumbers
            guard allowed.contains(controller) else {
                throw .outOfRange(type: fourteenBit ? "14-bit CC pair" : "tuning CC", value: String(controller),
                                  allowed: fourteenBit ? "0…31 (the LSB is the number + 32)" : "0…119")
            }
        case .relativeEncoder(let controller, _, let stepCents):
            guard ControllerButton.controlChangeNumbers.contains(controller) else {
                throw .outOfRange(type: "encoder CC", value: String(controller), allowed: "0…119")
            }
            guard stepCents.isFinite else { throw .notFinite(type: "encoder step") }
            guard Self.encoderStepCents.contains(stepCents) else {
                throw .outOfRange(type: "encoder step", value: "\(stepCents) cents", allowed: "0.01…20.0 cents")
            }
        case .pitchWheelRate(let maxCentsPerSecond):
            guard maxCentsPerSecond.isFinite else { throw .notFinite(type: "pitch-wheel rate") }
            guard Self.wheelRateCentsPerSecond.contains(maxCentsPerSecond) else {
                throw .outOfRange(type: "pitch-wheel rate", value: "\(maxCentsPerSecond) cents per second",
                                  allowed: "1.0…1000.0 cents per second")
            }
        }
        self.kind = kind
    }

    init(unchecked kind: Kind) { self.kind = kind }

    /// Parses the settings syntax; see the type's documentation.
    public init(parsing text: String) throws(DomainValueError) {
        let parts = text.trimmingWhitespace().split(separator: ":", omittingEmptySubsequences: false)
            .map { String($0).trimmingWhitespace() }
        let malformed = DomainValueError.malformed(type: "tuning control", value: text, expected: Self.syntax)
        switch (parts[0].lowercased(), parts.count) {
        case ("modwheel", 1):
            self = .modWheel
        case ("cc", 2), ("cc14", 2):
            guard let controller = Int(parts[1]) else { throw malformed }
            try self.init(.absoluteCC(controller: controller, fourteenBit: parts[0].lowercased() == "cc14"))
        case ("encoder", 3), ("encoder", 4):
            guard let controller = Int(parts[1]),
                  let form = EncoderForm.allCases.first(where: { $0.rawValue.lowercased() == parts[2].lowercased() }),
                  let step = parts.count == 4 ? Double(parts[3]) : 1.0 else { throw malformed }
            try self.init(.relativeEncoder(controller: controller, form: form, stepCents: step))
        case ("pitchwheelrate", 2):
            guard let rate = Double(parts[1]) else { throw malformed }
            try self.init(.pitchWheelRate(maxCentsPerSecond: rate))
        default:
            throw malformed
        }
    }

    /// The CC numbers this control listens to; empty for the pitch wheel.
    public var controllers: [Int] {
        switch kind {
        case .absoluteCC(let controller, let fourteenBit):
            fourteenBit ? [controller, controller + Self.lsbOffset] : [controller]
        case .relativeEncoder(let controller, _, _): [controller]
        case .pitchWheelRate: []
        }
    }

    /// The canonical settings text, which `init(parsing:)` reads back unchanged.
    public var text: String {
        switch kind {
        case .absoluteCC(let controller, let fourteenBit):
            self == .modWheel ? "modWheel" : (fourteenBit ? "cc14:" : "cc:") + String(controller)
        case .relativeEncoder(let controller, let form, let stepCents):
            "encoder:\(controller):\(form.rawValue):\(stepCents)"
        case .pitchWheelRate(let rate):
            "pitchWheelRate:\(rate)"
        }
    }

    /// The description as it reads after "tune with": "the mod wheel (…)", "CC 20",
    /// "a relative encoder on CC 20 (…)", "the pitch wheel as a rate (…)".
    public var withArticle: String {
        switch kind {
        case .absoluteCC: self == .modWheel ? "the " + description : description
        case .relativeEncoder: "a " + description
        case .pitchWheelRate: "the " + description
        }
    }

    public var description: String {
        switch kind {
        case .absoluteCC(let controller, let fourteenBit):
            self == .modWheel ? "mod wheel (CC 1, CC 33 as LSB when sent)"
                : fourteenBit ? "CC \(controller)/\(controller + Self.lsbOffset) (14-bit)" : "CC \(controller)"
        case .relativeEncoder(let controller, let form, let stepCents):
            "relative encoder on CC \(controller) (\(form.rawValue), \(stepCents) cents per tick)"
        case .pitchWheelRate(let rate):
            "pitch wheel as a rate (up to \(rate) cents per second)"
        }
    }
}
