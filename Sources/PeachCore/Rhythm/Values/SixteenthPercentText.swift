/// How people see a rhythm offset: a whole percentage of a sixteenth note and its side,
/// "4 % early", "11 % late", "0 %" on the beat. Below 10 % one decimal is kept ("2.5 % late"),
/// as thresholds of trained listeners lie there.
public enum SixteenthPercentText {
    public static func text(percent: Double) -> String {
        let magnitude = abs(percent)
        let number = magnitude < 9.95 ? rounded(magnitude, decimals: 1) : rounded(magnitude, decimals: 0)
        guard number != "0" else { return "0 %" }
        return "\(number) % \(percent < 0 ? "early" : "late")"
    }

    /// An unsigned figure of one side ("4 %"), for a column already headed early or late.
    public static func magnitudeText(percent: Double) -> String {
        let magnitude = abs(percent)
        return "\(magnitude < 9.95 ? rounded(magnitude, decimals: 1) : rounded(magnitude, decimals: 0)) %"
    }

    private static func rounded(_ value: Double, decimals: Int) -> String {
        let scale = decimals == 0 ? 1.0 : 10.0
        let scaled = Int((value * scale).rounded())
        guard decimals > 0 else { return String(scaled) }
        let whole = scaled / 10, tenth = scaled % 10
        return tenth == 0 ? String(whole) : "\(whole).\(tenth)"
    }
}
