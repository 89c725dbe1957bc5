/// The session's source of randomness, injectable so that tests can fix the sequence.
public struct SessionRandom: RandomNumberGenerator, Sendable {
    private var generator: any RandomNumberGenerator & Sendable

    public init(_ generator: some RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()) {
        self.generator = generator
    }

    public mutating func next() -> UInt64 { generator.next() }
}
