import PeachCore

/// Cent values as people read them: one decimal, "12.5 c", "+12.5 c", "−3.0 c".
public enum CentsText {
    public static func magnitude(_ cents: Cents) -> String {
        number(abs(cents.rawValue)) + " c"
    }

    /// With a sign ("+", or "−", U+2212), except for 0.
    public static func signed(_ cents: Cents) -> String {
        let rounded = (cents.rawValue * 10).rounded() / 10
        if rounded > 0 { return "+" + number(rounded) + " c" }
        if rounded < 0 { return "−" + number(-rounded) + " c" }
        return "0.0 c"
    }

    /// A signed time in milliseconds, one decimal: "+5.2 ms", "−0.8 ms".
    public static func milliseconds(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        if rounded > 0 { return "+" + number(rounded) + " ms" }
        if rounded < 0 { return "−" + number(-rounded) + " ms" }
        return "0.0 ms"
    }

    private static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// A pitch against its target as musicians say it: "2.1 c sharp", "3.0 c flat", "in tune"
    /// (within a twentieth of a cent, which shows as 0.0).
    public static func pitch(_ cents: Cents) -> String {
        let rounded = (cents.rawValue * 10).rounded() / 10
        if rounded > 0 { return number(rounded) + " c sharp" }
        if rounded < 0 { return number(-rounded) + " c flat" }
        return "in tune"
    }
}
