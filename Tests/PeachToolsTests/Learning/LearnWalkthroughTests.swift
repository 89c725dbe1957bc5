import ALSASequencer
import PeachCore
import PeachTestSupport
import PeachTools
import Synchronization
import Testing

@Suite("peach learn: the walk-through", .timeLimit(.minutes(Patience.minutes(1))))
struct LearnWalkthroughTests {
    static let keyboard = SequencerAddress(client: 24, port: 0)

    static func event(_ message: MIDIMessage) -> LearnWalkthrough.Input {
        .event(SequencerEvent(source: keyboard, payload: .midi(message), timestampNanoseconds: nil))
    }

    static func key(_ note: UInt8) -> LearnWalkthrough.Input { event(.noteOn(channel: 0, note: note, velocity: 100)) }

    /// What the walk-through printed.
    final class Transcript: Sendable {
        let lines = Mutex<[String]>([])
        func write(_ line: String) { lines.withLock { $0.append(line) } }
        var text: String { lines.withLock { $0.joined(separator: "\n") } }
    }

    @Test("every step answered: buttons, a refused duplicate, the tuning CC, a retried command, a skipped one")
    func everyStep() async throws {
        let (inputs, continuation) = AsyncStream<LearnWalkthrough.Input>.makeStream()
        let script: [LearnWalkthrough.Input] = [
            .line("b"),
            Self.key(84), .line(""),                                  // higher: C6
            Self.key(84), Self.key(36), .line("y"),                   // lower: C6 refused, then C2
        ] + (1...8).map { Self.event(.controlChange(channel: 0, controller: 74, value: UInt8($0 * 12))) } + [
            .line(""),                                                // tuning: cc:74
        ] + [1000, 2000, 3000].map { Self.event(.pitchBend(channel: 0, value: $0)) } + [   // commit: the wheel, no button
            Self.event(.controlChange(channel: 0, controller: 64, value: 127)), .line(""),   // commit: sustain
            Self.event(.programChange(channel: 0, program: 0)), .line(""),                   // start/stop
            .line("s"),                                                                      // next mode: skipped
            Self.event(.controlChange(channel: 0, controller: 74, value: 127)),              // quit: the tuning CC…
            Self.key(24), .line("r"), Self.key(25), .line(""),                               // …C1, retried: C#1
            Self.key(38), .line(""),                                                         // rhythm tap: D2 (GM snare)
        ]
        for input in script { continuation.yield(input) }
        let transcript = Transcript()
        let walkthrough = LearnWalkthrough(settings: .default, inputs: inputs, source: Self.keyboard,
                                           stepTimeout: .seconds(20), write: transcript.write)
        let learnt = try await walkthrough.run()
        continuation.finish()

        #expect(learnt.comparisonMode == .explicit)
        #expect(learnt.higher?.text == "note:C6")
        #expect(learnt.lower?.text == "note:C2")
        #expect(learnt.tuning.text == "cc:74")
        #expect(learnt.commit.map(\.text) == ["sustain", "anyKey"])
        #expect(learnt.commands[.startStop]?.text == "program:0")
        #expect(learnt.commands[.nextMode] == nil)
        #expect(learnt.commands[.quit]?.text == "note:C#1")
        #expect(learnt.tap?.text == "note:D2")
        let text = transcript.text
        #expect(text.contains("refused: key C6 cannot be lower"), "\(text)")
        #expect(text.contains("ignored: CC 74 belongs to the tuning control"), "\(text)")
        #expect(text.contains("detected: CC 74"), "\(text)")
        #expect(text.components(separatedBy: "the pitch wheel is no button").count == 2, "one hint for three bends: \(text)")
    }

    @Test("a step without a control ends after its timeout and keeps the setting")
    func timeouts() async throws {
        let (inputs, continuation) = AsyncStream<LearnWalkthrough.Input>.makeStream()
        continuation.yield(.line(""))
        let transcript = Transcript()
        let walkthrough = LearnWalkthrough(settings: .default, inputs: inputs, source: Self.keyboard,
                                           stepTimeout: .milliseconds(20), write: transcript.write)
        let learnt = try await walkthrough.run()
        continuation.finish()
        #expect(learnt == .default)
        #expect(transcript.text.components(separatedBy: "nothing detected within").count - 1 == 6, "\(transcript.text)")
    }

    @Test("a movement that stops before it is conclusive is guessed after a quiet moment")
    func quietGuess() async throws {
        let (inputs, continuation) = AsyncStream<LearnWalkthrough.Input>.makeStream()
        for input in [.line("")] + [1, 1, 1].map({ Self.event(.controlChange(channel: 0, controller: 20, value: $0)) }) {
            continuation.yield(input)
        }
        // The user confirms once the guess is shown, not before.
        let walkthrough = LearnWalkthrough(settings: .default, inputs: inputs, source: Self.keyboard,
                                           stepTimeout: .milliseconds(500), quietPeriod: .milliseconds(20)) { line in
            if line.contains("detected:") { continuation.yield(.line("")) }
        }
        let learnt = try await walkthrough.run()
        continuation.finish()
        #expect(learnt.tuning.text == "encoder:20:twosComplement:1.0")
    }

    @Test("the input ending mid-way is an error, and says nothing was written")
    func inputEnds() async throws {
        let (inputs, continuation) = AsyncStream<LearnWalkthrough.Input>.makeStream()
        continuation.yield(.line("b"))
        continuation.finish()
        let walkthrough = LearnWalkthrough(settings: .default, inputs: inputs, source: Self.keyboard) { _ in }
        await #expect(throws: LearnWalkthrough.InputEnded.self) { try await walkthrough.run() }
        #expect(LearnWalkthrough.InputEnded().description.contains("nothing was written"))
    }
}
