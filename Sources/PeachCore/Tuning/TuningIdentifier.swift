/// What a record keeps of the tuning it was trained in: a built-in name (`equalTemperament`,
/// `meantone-1/4`) or, for a Scala scale, `scala:` + its description + `#` + a hash of its
/// pitches, so two different files with one description stay apart.
public struct TuningIdentifier: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// Refuses an empty name and control characters (records are CSV lines and terminal text).
    public init(rawValue: String) throws(DomainValueError) {
        guard !rawValue.isEmpty, rawValue.trimmingWhitespace() == rawValue,
              !rawValue.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .malformed(type: "tuning identifier", value: rawValue,
                             expected: "a tuning name without control characters or surrounding spaces")
        }
        self.rawValue = rawValue
    }

    init(unchecked rawValue: String) {
        self.rawValue = rawValue
    }

    public init(_ system: TuningSystem) {
        rawValue = system.rawValue
    }

    public static let equalTemperament = TuningIdentifier(.equalTemperament)
    public static let justIntonation = TuningIdentifier(.justIntonation)

    /// The tuning system of the iOS app's vocabulary (its export format 1), if it is one.
    public var system: TuningSystem? { TuningSystem(rawValue: rawValue) }

    /// What a person reads: a built-in's name, a Scala scale's description (without the hash).
    public var name: String {
        guard isScala else { return rawValue }
        let text = rawValue.dropFirst(Self.scalaPrefix.count)
        return String(text[..<(text.lastIndex(of: "#") ?? text.endIndex)])
    }

    /// The name where a trial is shown, nil in equal temperament (what every trial assumes
    /// unless told); the iOS app's camel-case identifier of just intonation in words.
    public var shownName: String? {
        switch self {
        case .equalTemperament: nil
        case .justIntonation: "just intonation"
        default: name
        }
    }

    public var isScala: Bool { rawValue.hasPrefix(Self.scalaPrefix) }

    static let scalaPrefix = "scala:"

    public var description: String { rawValue }

    public static func < (lhs: TuningIdentifier, rhs: TuningIdentifier) -> Bool { lhs.rawValue < rhs.rawValue }
}
