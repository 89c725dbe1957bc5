/// As its abbreviation ("P5u"), read back through `init(parsing:)`, so a stored value is checked
/// as typed text is.
extension DirectedInterval: Codable {
    public init(from decoder: any Decoder) throws {
        try self.init(parsing: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(abbreviation)
    }
}
