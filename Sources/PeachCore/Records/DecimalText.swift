/// Numbers in the export format: plain decimal notation, always with a decimal point, never an
/// exponent ("100.0", "-3.25", "0.00001"). The digits are Swift's shortest round-tripping ones,
/// so parsing the text gives back exactly the same Double.
public enum DecimalText {
    public static func format(_ value: Double) -> String {
        precondition(value.isFinite, "cent values are finite by construction")
        let shortest = value == 0 ? "0.0" : String(value)   // "-0.0" would read back as −0: keep 0.0
        guard let exponentIndex = shortest.firstIndex(where: { $0 == "e" || $0 == "E" }) else {
            return shortest.contains(".") ? shortest : shortest + ".0"
        }
        let exponent = Int(shortest[shortest.index(after: exponentIndex)...])!
        var mantissa = String(shortest[..<exponentIndex])
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa.removeFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let integerDigits = String(parts[0])
        let fractionDigits = parts.count > 1 ? String(parts[1]) : ""
        let digits = integerDigits + fractionDigits
        let pointPosition = integerDigits.count + exponent   // digits before the decimal point
        var text: String
        if pointPosition <= 0 {
            text = "0." + String(repeating: "0", count: -pointPosition) + digits
        } else if pointPosition >= digits.count {
            text = digits + String(repeating: "0", count: pointPosition - digits.count) + ".0"
        } else {
            text = String(digits.prefix(pointPosition)) + "." + String(digits.dropFirst(pointPosition))
        }
        text = trimmingTrailingFractionZeros(text)
        return negative ? "-" + text : text
    }

    /// A finite decimal number: optional sign, digits with an optional fraction, an optional
    /// exponent. Integers without a point are accepted on import (other tools may write them).
    public static func parse(_ given: String) -> Double? {
        var given = given
        return given.withUTF8 { parse(bytes: $0) }
    }

    /// `parse` on the text's UTF-8 bytes (any byte beyond ASCII is refused).
    private static func parse(bytes given: UnsafeBufferPointer<UInt8>) -> Double? {
        // The iOS app writes Swift's own text of a number and adds ".0" when it has no point,
        // exponent form included: 0.00001 becomes "1e-05.0". Read it as the number it means.
        var text = given
        if given.contains(where: { $0 == e || $0 == capitalE }), given.count >= 2,
           given[given.count - 2] == point, given[given.count - 1] == zero,
           given.lazy.filter({ $0 == point }).count == 1 {
            text = UnsafeBufferPointer(rebasing: given.dropLast(2))
        }
        var sawDigit = false
        var index = 0
        if index < text.count, text[index] == plus || text[index] == minus { index += 1 }
        var sawPoint = false
        var sawExponent = false
        while index < text.count {
            let byte = text[index]
            if isDigit(byte) {
                sawDigit = true
            } else if byte == point, !sawPoint, !sawExponent {
                sawPoint = true
            } else if byte == e || byte == capitalE, sawDigit, !sawExponent {
                sawExponent = true
                sawDigit = false
                if index + 1 < text.count, text[index + 1] == plus || text[index + 1] == minus { index += 1 }
            } else {
                return nil
            }
            index += 1
        }
        // "-3." is what a file cut off inside "-3.125" leaves; neither app writes a point
        // without a digit after it, so it is refused rather than read as another value.
        guard sawDigit, text.last != point, let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else {
            return nil
        }
        return value
    }

    public static func isDigit(_ byte: UInt8) -> Bool { byte >= zero && byte <= zero + 9 }

    private static let zero = UInt8(ascii: "0"), point = UInt8(ascii: "."), plus = UInt8(ascii: "+")
    private static let minus = UInt8(ascii: "-"), e = UInt8(ascii: "e"), capitalE = UInt8(ascii: "E")

    private static func trimmingTrailingFractionZeros(_ text: String) -> String {
        guard let point = text.firstIndex(of: ".") else { return text }
        var result = text
        while result.last == "0", result.index(before: result.endIndex) > text.index(after: point) {
            result.removeLast()
        }
        return result
    }
}
