extension DecimalText {
    /// `format(value)`'s UTF-8 bytes, appended to `bytes` without the Strings `format` builds
    /// (and without Foundation's `contains`, which went through NSString): an export writes one
    /// or two numbers a row, and `format` was a fifth of a 10⁶-row export's time. Swift's shortest
    /// digits in plain notation need only ".0" when they have no point; the rare exponent form
    /// ("1e-05", "1e+16") still goes through `format`, whose rewriting it needs.
    public static func append(_ value: Double, to bytes: inout [UInt8]) {
        precondition(value.isFinite, "cent values are finite by construction")
        guard value != 0 else { return bytes += zeroText }   // −0 too, as `format` writes it
        var shortest = value.description
        let written = shortest.withUTF8 { digits -> Bool in
            var hasPoint = false
            for byte in digits {
                if byte == exponentMark || byte == capitalExponentMark { return false }
                if byte == decimalPoint { hasPoint = true }
            }
            bytes.append(contentsOf: digits)
            if !hasPoint { bytes += pointZero }
            return true
        }
        if !written { bytes += format(value).utf8 }
    }

    private static let zeroText = Array("0.0".utf8), pointZero = Array(".0".utf8)
    private static let decimalPoint = UInt8(ascii: "."), exponentMark = UInt8(ascii: "e")
    private static let capitalExponentMark = UInt8(ascii: "E")
}
