/// Limits for the reference pitch (the frequency of A4): 380…500 Hz covers modern
/// concert pitch and the historical ones (392, 415, 430, 466 Hz), and refuses typos like 4400.
public enum ReferencePitch {
    public static let allowedHertz = 380.0...500.0

    public static func validated(hertz: Double) throws(DomainValueError) -> Frequency {
        let frequency = try Frequency(hertz: hertz)
        guard allowedHertz.contains(hertz) else {
            throw .outOfRange(type: "reference pitch", value: "\(hertz) Hz", allowed: "380…500 Hz")
        }
        return frequency
    }
}
