/// Turns the bytes a terminal sends into keys. Pure: feed it whatever each `read` returned;
/// a sequence split across reads is completed by the next chunk.
///
/// Understands xterm's CSI (ESC [ A) and SS3 (ESC O A) keys with modifiers (ESC [1;5C),
/// CR and LF as Enter, and UTF-8 characters. Other escape sequences (function keys, mouse
/// and focus reports) are swallowed whole; invalid bytes are dropped. Nothing it is fed makes
/// it crash or grow without bound.
///
/// A lone ESC cannot be told from the start of a sequence until more bytes come or none do:
/// it stays pending (`hasPendingInput`) until the next chunk, or until the caller decides no
/// more is coming and calls `flush()`.
public struct TerminalKeyDecoder: Sendable {
    private enum State: Sendable {
        case ground
        case escape
        /// `parameters` holds at most `maximumParameterBytes`; `overlong` means more came.
        case csi(parameters: [UInt8], intermediates: Bool, overlong: Bool)
        case ss3(parameters: [UInt8], overlong: Bool)
        case utf8(bytes: [UInt8], needed: Int)
    }

    private static let escapeByte: UInt8 = 0x1B
    private static let maximumParameterBytes = 16

    private var state = State.ground

    public init() {}

    /// True while the bytes seen so far end inside a sequence (or with a lone ESC).
    public var hasPendingInput: Bool {
        if case .ground = state { return false }
        return true
    }

    public mutating func decode<Bytes: Sequence>(_ bytes: Bytes) -> [TerminalKey] where Bytes.Element == UInt8 {
        var keys: [TerminalKey] = []
        for byte in bytes {
            consume(byte, into: &keys)
        }
        return keys
    }

    /// No more bytes are coming for now: a pending ESC is the Escape key; an unfinished
    /// sequence or character is dropped.
    public mutating func flush() -> [TerminalKey] {
        defer { state = .ground }
        if case .escape = state { return [.escape] }
        return []
    }

    private mutating func consume(_ byte: UInt8, into keys: inout [TerminalKey]) {
        switch state {
        case .ground:
            ground(byte, into: &keys)
        case .escape:
            escaped(byte, into: &keys)
        case .csi(var parameters, var intermediates, var overlong):
            switch byte {
            case 0x30...0x3F where !intermediates:
                if parameters.count < Self.maximumParameterBytes {
                    parameters.append(byte)
                } else {
                    overlong = true
                }
                state = .csi(parameters: parameters, intermediates: intermediates, overlong: overlong)
            case 0x20...0x2F:
                intermediates = true
                state = .csi(parameters: parameters, intermediates: intermediates, overlong: overlong)
            case 0x40...0x7E:
                state = .ground
                if !intermediates, !overlong, let key = Self.csiKey(parameters: parameters, final: byte) {
                    keys.append(key)
                }
            default:
                // Not part of any CSI sequence: drop what came so far, read the byte afresh.
                state = .ground
                ground(byte, into: &keys)
            }
        case .ss3(var parameters, var overlong):
            switch byte {
            case 0x30...0x3F:
                if parameters.count < Self.maximumParameterBytes {
                    parameters.append(byte)
                } else {
                    overlong = true
                }
                state = .ss3(parameters: parameters, overlong: overlong)
            case 0x40...0x7E:
                state = .ground
                if !overlong, let key = Self.ss3Key(parameters: parameters, final: byte) {
                    keys.append(key)
                }
            default:
                state = .ground
                ground(byte, into: &keys)
            }
        case .utf8(var bytes, let needed):
            guard byte & 0xC0 == 0x80 else {
                // A truncated character: drop it, then read this byte on its own.
                state = .ground
                ground(byte, into: &keys)
                return
            }
            bytes.append(byte)
            guard bytes.count == needed else {
                state = .utf8(bytes: bytes, needed: needed)
                return
            }
            state = .ground
            // Rejects overlong forms and surrogates.
            if let text = String(validating: bytes, as: UTF8.self), let character = text.first {
                keys.append(.character(character))
            }
        }
    }

    private mutating func ground(_ byte: UInt8, into keys: inout [TerminalKey]) {
        switch byte {
        case Self.escapeByte:
            state = .escape
        case 0x0D, 0x0A:
            keys.append(.enter)
        case 0x09:
            keys.append(.tab)
        case 0x08, 0x7F:
            keys.append(.backspace)
        case 0x20:
            keys.append(.space)
        case 0x01...0x1A:
            keys.append(.control(Character(Unicode.Scalar(byte + 0x60))))
        case 0x21...0x7E:
            keys.append(.character(Character(Unicode.Scalar(byte))))
        case 0xC2...0xDF:
            state = .utf8(bytes: [byte], needed: 2)
        case 0xE0...0xEF:
            state = .utf8(bytes: [byte], needed: 3)
        case 0xF0...0xF4:
            state = .utf8(bytes: [byte], needed: 4)
        default:
            // NUL, the remaining C0 codes, stray continuation bytes, bytes no UTF-8 uses.
            break
        }
    }

    private mutating func escaped(_ byte: UInt8, into keys: inout [TerminalKey]) {
        switch byte {
        case UInt8(ascii: "["):
            state = .csi(parameters: [], intermediates: false, overlong: false)
        case UInt8(ascii: "O"):
            state = .ss3(parameters: [], overlong: false)
        case Self.escapeByte:
            // The first ESC was the key itself; the second may start a sequence.
            keys.append(.escape)
        default:
            // Alt plus a key arrives as ESC before the key.
            state = .ground
            var plain: [TerminalKey] = []
            ground(byte, into: &plain)
            if case .ground = state {
                keys.append(contentsOf: plain.map { TerminalKey.with($0, .alt) })
            } else {
                // The start of a multi-byte character: the ESC was its own key.
                keys.append(.escape)
            }
        }
    }

    private static func csiKey(parameters: [UInt8], final: UInt8) -> TerminalKey? {
        // Private parameters (< = > ?) mark reports, not keys.
        if let first = parameters.first, first >= 0x3C { return nil }
        guard let fields = numbers(in: parameters) else { return nil }
        let modifiers = modifiers(code: fields.count > 1 ? fields[1] : nil)
        let key: TerminalKey?
        switch final {
        case UInt8(ascii: "~"):
            key = switch fields.first ?? nil {
            case 1, 7: .home
            case 2: .insert
            case 3: .delete
            case 4, 8: .end
            case 5: .pageUp
            case 6: .pageDown
            default: nil
            }
        case UInt8(ascii: "Z"):
            key = fields.count <= 1 ? .backTab : nil
        default:
            key = cursorKey(final)
        }
        guard let key, let modifiers else { return nil }
        return .with(key, modifiers)
    }

    private static func ss3Key(parameters: [UInt8], final: UInt8) -> TerminalKey? {
        // Some terminals put the modifier code straight after O: ESC O 2 A.
        guard let fields = numbers(in: parameters), fields.count <= 1,
              let modifiers = modifiers(code: fields.first ?? nil) else { return nil }
        let key = final == UInt8(ascii: "M") ? .enter : cursorKey(final)
        return key.map { .with($0, modifiers) }
    }

    private static func cursorKey(_ final: UInt8) -> TerminalKey? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
    }

    /// The semicolon-separated numbers of a parameter string (an empty field is nil); nil
    /// when it holds anything but digits and semicolons.
    private static func numbers(in parameters: [UInt8]) -> [Int?]? {
        var fields: [Int?] = []
        var current: Int?
        for byte in parameters {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                current = (current ?? 0) * 10 + Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: ";"):
                fields.append(current)
                current = nil
            default:
                return nil
            }
        }
        if current != nil || !fields.isEmpty { fields.append(current) }
        return fields
    }

    /// xterm's modifier code is 1 + a bit set (shift 1, alt 2, control 4; meta 8 is ignored).
    private static func modifiers(code: Int??) -> KeyModifiers? {
        guard let code = code ?? nil else { return [] }
        guard (1...16).contains(code) else { return nil }
        return KeyModifiers(rawValue: UInt8((code - 1) & 0x7))
    }
}
