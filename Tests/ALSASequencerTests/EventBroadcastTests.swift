import PeachTestSupport
import Testing

@testable import ALSASequencer

@Suite("Every events() stream gets every event", .timeLimit(.minutes(Patience.minutes(1))))
struct EventBroadcastTests {
    static let note = SequencerEvent(source: SequencerAddress(client: 16, port: 0),
                                     payload: .midi(.noteOn(channel: 0, note: 60, velocity: 100)), timestampNanoseconds: 5)
    static let exit = SequencerEvent(source: SequencerAddress(client: 0, port: 1),
                                     payload: .announcement(.clientExited(client: 130)), timestampNanoseconds: nil)

    @Test("two streams each receive the same events in order, and end when the broadcast finishes")
    func fanOut() async {
        let broadcast = EventBroadcast()
        let first = broadcast.stream()
        let second = broadcast.stream()
        broadcast.deliver([Self.note, Self.exit])
        broadcast.finish()
        #expect(await Array(first) == [Self.note, Self.exit])
        #expect(await Array(second) == [Self.note, Self.exit])
    }

    @Test("a consumer that cancels is forgotten; a stream opened after finishing is already over")
    func cancelledAndLateStreams() async {
        let broadcast = EventBroadcast()
        let cancelled = broadcast.stream()
        let kept = broadcast.stream()
        #expect(broadcast.streamCount == 2)
        let consumer = Task { for await _ in cancelled {} }
        consumer.cancel()
        await consumer.value
        #expect(broadcast.streamCount == 1)
        broadcast.deliver([Self.note])
        broadcast.finish()
        #expect(await Array(kept) == [Self.note])
        #expect(await Array(broadcast.stream()).isEmpty)
        #expect(broadcast.streamCount == 0)
    }

    @Test("a consumer that stops reading keeps only the newest events, up to the buffer size")
    func boundedBuffer() async {
        let broadcast = EventBroadcast(bufferSize: 1)
        let stream = broadcast.stream()
        broadcast.deliver([Self.note, Self.exit])
        broadcast.finish()
        #expect(await Array(stream) == [Self.exit])
    }
}

extension Array {
    init(_ stream: AsyncStream<Element>) async {
        var elements: [Element] = []
        for await element in stream { elements.append(element) }
        self = elements
    }
}
