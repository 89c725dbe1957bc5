/// Where comparison training draws its trials: as the iOS app does (`none`), or where there is
/// most to gain (`weak`, see `WeakFocus`).
public enum TrainingFocus: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case none, weak

    public var description: String { rawValue }

    public init(parsing text: String) throws(DomainValueError) {
        guard let focus = TrainingFocus(rawValue: text.trimmingWhitespace()) else {
            throw .unknownName(type: "training focus", value: text, known: TrainingFocus.allCases.map(\.rawValue))
        }
        self = focus
    }
}
