import ALSASequencer
import PeachCore
import PeachRig
import PeachTestSupport
import PeachTools
import Synchronization
import Testing

/// A control that already has a meaning, refused in words a musician reads at once.
@Suite("peach learn and the mapping: what a taken control already does", .timeLimit(.minutes(Patience.minutes(1))))
struct LearnConflictWordingTests {
    typealias W = LearnWalkthroughTests

    @Test("quit on the key that starts/stops: 'it already starts/stops training; press another control'")
    func quitOnStartStopKey() async throws {
        let (inputs, continuation) = AsyncStream<LearnWalkthrough.Input>.makeStream()
        let script: [LearnWalkthrough.Input] = [
            .line(""), .line(""), .line(""),          // comparison, tuning, commit: kept
            W.key(36), .line(""),                     // start/stop: C2
            .line("s"),                               // next mode: skipped
            W.key(36), .line("s"),                    // quit: C2 refused, skipped
            .line("s"),                               // rhythm tap: skipped
        ]
        for input in script { continuation.yield(input) }
        let transcript = W.Transcript()
        let learnt = try await LearnWalkthrough(settings: .default, inputs: inputs, source: W.keyboard,
                                                stepTimeout: .seconds(20), write: transcript.write).run()
        continuation.finish()
        #expect(learnt.commands[.startStop] == .note(36))
        #expect(learnt.commands[.quit] == nil)
        #expect(transcript.text.contains("refused: key C2 cannot be command quit: it already starts/stops training; "
                                         + "press another control"), "\(transcript.text)")
        #expect(!transcript.text.contains("is not a valid controller mapping"), "\(transcript.text)")
    }

    @Test("the same in a settings file: the control and what it already does")
    func conflictInWords() {
        let error = #expect(throws: DomainValueError.self) {
            try ControllerSettings(commands: [.quit: .note(36), .startStop: .note(36)])
        }
        #expect(error?.description == "key C2 already starts/stops training: one meaning per control "
                + "(quit = note:C2, startStop = note:C2)")
        let tap = #expect(throws: DomainValueError.self) { try ControllerSettings(commands: [.nextMode: .note(38)], tap: .note(38)) }
        #expect(tap?.description == "key D2 already switches to the next mode: one meaning per control "
                + "(tap = note:D2, nextMode = note:D2)")
    }

    @Test("the summary tunes 'with CC 20', 'with the mod wheel', never 'with the CC 20'")
    func tuningWording() throws {
        let cc20 = try ControllerSettings(tuning: TuningControl(parsing: "cc:20"))
        #expect(cc20.summary.contains { $0.hasPrefix("matching: tune with CC 20, commit with") }, "\(cc20.summary)")
        #expect(ControllerSettings.default.summary.contains { $0.hasPrefix("matching: tune with the mod wheel") })
        let encoder = try ControllerSettings(tuning: TuningControl(parsing: "encoder:21:twosComplement:1"))
        #expect(encoder.summary.contains { $0.hasPrefix("matching: tune with a relative encoder on CC 21") },
                "\(encoder.summary)")
    }
}
