import PeachCore

/// One control on a MIDI controller that acts like a button: a key (note-on), a CC button
/// (pressed when its value rises to 64 or more, as the sustain pedal does) or a program change.
///
/// Written in settings as `note:C5` (or `note:72`), `cc:65`, `sustain` (CC 64) or `program:0`.
public struct ControllerButton: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case note
        case controlChange = "cc"
        case programChange = "program"
    }

    /// CCs 120…127 are channel mode messages (All Notes Off, …), never controls.
    public static let controlChangeNumbers = 0...119
    public static let sustainPedal = ControllerButton(unchecked: .controlChange, 64)
    static let syntax = "note:NAME (note:C5), cc:NUMBER (cc:65, pressed at 64 or more), sustain (cc:64) "
        + "or program:NUMBER (program:0)"

    public let kind: Kind
    /// The note, controller or program number.
    public let number: Int

    public init(_ kind: Kind, _ number: Int) throws(DomainValueError) {
        switch kind {
        case .note:
            _ = try MIDINote(number)
        case .controlChange:
            guard Self.controlChangeNumbers.contains(number) else {
                throw .outOfRange(type: "CC button", value: String(number),
                                  allowed: "0…119; 120…127 are channel mode messages")
            }
        case .programChange:
            guard SoundSelection.programRange.contains(number) else {
                throw .outOfRange(type: "program change", value: String(number), allowed: "0…127")
            }
        }
        self.kind = kind
        self.number = number
    }

    init(unchecked kind: Kind, _ number: Int) {
        self.kind = kind
        self.number = number
    }

    public static func note(_ note: MIDINote) -> ControllerButton {
        ControllerButton(unchecked: .note, note.rawValue)
    }

    /// Parses the settings syntax; see the type's documentation.
    public init(parsing text: String) throws(DomainValueError) {
        let trimmed = text.trimmingWhitespace()
        if trimmed.lowercased() == "sustain" {
            self = .sustainPedal
            return
        }
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, let kind = Kind.allCases.first(where: { $0.rawValue == parts[0].lowercased() }) else {
            throw .malformed(type: "controller button", value: text, expected: Self.syntax)
        }
        if kind == .note {
            self = .note(try MIDINote(parsing: parts[1]))
            return
        }
        guard let number = Int(parts[1].trimmingWhitespace()) else {
            throw .malformed(type: "controller button", value: text, expected: Self.syntax)
        }
        try self.init(kind, number)
    }

    /// `none`, or a button.
    public static func optional(parsing text: String) throws(DomainValueError) -> ControllerButton? {
        text.trimmingWhitespace().lowercased() == "none" ? nil : try ControllerButton(parsing: text)
    }

    /// The canonical settings text, which `init(parsing:)` reads back unchanged.
    public var text: String {
        switch kind {
        case .note: "note:" + noteName
        case .controlChange: self == .sustainPedal ? "sustain" : "cc:\(number)"
        case .programChange: "program:\(number)"
        }
    }

    /// A `.note` button's number was validated as a MIDI note when it was made.
    private var noteName: String { (try? MIDINote(number)).map(\.name) ?? String(number) }

    /// For people: "key C5", "CC 65 button", "sustain pedal", "program change 0".
    public var description: String {
        switch kind {
        case .note: "key " + noteName
        case .controlChange: self == .sustainPedal ? "sustain pedal" : "CC \(number) button"
        case .programChange: "program change \(number)"
        }
    }
}
