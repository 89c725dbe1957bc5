import Foundation
import PeachTestSupport
import Testing

/// The shell completions offer what a user types most: the training modes, the ports there are
/// (asked of the sequencer when completing, so not checked here) and the setting keys.
@Suite("Shell completions", .timeLimit(.minutes(Patience.minutes(1))))
struct CompletionTests {
    @Test("bash and zsh completions name the modes and the setting keys", arguments: ["bash", "zsh"])
    func modesAndKeys(shell: String) async throws {
        let outcome = try await PeachExecutable.run(["--generate-completion-script", shell])
        #expect(outcome.status == 0, "\(outcome)")
        for word in ["interval-comparison", "rhythm-matching", "noteRange.lower", "synth.soundFont", "controller.commands.holdStartStop"] {
            #expect(outcome.stdout.range(of: word) != nil, "\(word) is not offered by the \(shell) completion")
        }
    }
}
