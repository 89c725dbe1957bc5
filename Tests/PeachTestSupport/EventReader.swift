/// Reads a session's event stream in a test, skipping what the test does not look at.
public struct EventReader<Event: Sendable> {
    private var iterator: AsyncStream<Event>.Iterator

    public init(_ stream: AsyncStream<Event>) { iterator = stream.makeAsyncIterator() }

    /// The next event for which `extract` gives a value; events before it are skipped.
    public mutating func next<T>(_ extract: (Event) -> T?) async -> T? {
        while let event = await iterator.next() {
            if let value = extract(event) { return value }
        }
        return nil
    }

    /// Every event up to and including the first one for which `extract` gives a value.
    public mutating func collect<T>(until extract: (Event) -> T?) async -> [Event] {
        var seen: [Event] = []
        while let event = await iterator.next() {
            seen.append(event)
            if extract(event) != nil { return seen }
        }
        return seen
    }
}
