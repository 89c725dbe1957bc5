/// The four ways to train. The interval modes train the configured intervals; the others are
/// the same sessions with the interval fixed to the prime (unison).
public enum TrainingMode: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case comparison
    case matching
    case intervalComparison = "interval-comparison"
    case intervalMatching = "interval-matching"

    public var isMatching: Bool { self == .matching || self == .intervalMatching }
    public var isInterval: Bool { self == .intervalComparison || self == .intervalMatching }

    /// The mode after this one, in the order `allCases` lists them, wrapping around; what a
    /// "next mode" control switches to.
    public var next: TrainingMode {
        let all = Self.allCases
        let index = all.firstIndex(of: self) ?? all.startIndex
        return all[(index + 1) % all.count]
    }

    /// `[.prime]` for the unison modes, else `configured`.
    public func intervals(configured: Set<DirectedInterval>) -> Set<DirectedInterval> {
        isInterval ? configured : [.prime]
    }

    /// Accepts the command-line spelling (`interval-comparison`) and the camelCase one.
    public init(parsing text: String) throws(DomainValueError) {
        let wanted = text.trimmingWhitespace().lowercased()
        guard let mode = Self.allCases.first(where: {
            $0.rawValue == wanted || String($0.rawValue.filter { $0 != "-" }) == wanted
        }) else {
            throw .unknownName(type: "training mode", value: text, known: Self.allCases.map(\.rawValue))
        }
        self = mode
    }

    /// For people: "interval comparison".
    public var description: String { String(rawValue.map { $0 == "-" ? " " : $0 }) }
}
