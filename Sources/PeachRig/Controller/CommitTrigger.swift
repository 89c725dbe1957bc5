import PeachCore

/// What ends a pitch-matching trial: any key, or a particular button.
public enum CommitTrigger: Hashable, Sendable, CustomStringConvertible {
    case anyKey
    case button(ControllerButton)

    /// `anyKey`, or a button in `ControllerButton`'s syntax.
    public init(parsing text: String) throws(DomainValueError) {
        self = text.trimmingWhitespace().lowercased() == "anykey" ? .anyKey : .button(try ControllerButton(parsing: text))
    }

    /// Parses a comma-separated list: at least one trigger, none twice.
    public static func list(parsing items: [String]) throws(DomainValueError) -> [CommitTrigger] {
        let expected = "a list of anyKey or \(ControllerButton.syntax)"
        let nonEmpty = items.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        guard !nonEmpty.isEmpty else {
            throw .malformed(type: "commit control list", value: items.joined(separator: ","), expected: expected)
        }
        var triggers: [CommitTrigger] = []
        for item in nonEmpty {
            let trigger = try CommitTrigger(parsing: item)
            guard !triggers.contains(trigger) else {
                throw .malformed(type: "commit control list", value: items.joined(separator: ","),
                                 expected: "each control once, but \(trigger.text) is listed twice")
            }
            triggers.append(trigger)
        }
        return triggers
    }

    public var text: String {
        switch self {
        case .anyKey: "anyKey"
        case .button(let button): button.text
        }
    }

    public var description: String {
        switch self {
        case .anyKey: "any key"
        case .button(let button): button.description
        }
    }
}
