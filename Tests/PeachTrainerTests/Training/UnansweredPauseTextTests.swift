import PeachCore
import PeachTerminal
import Testing
@testable import PeachTrainer

/// A rhythm matching session that met nobody pauses the run; the lines that say so say "paused"
/// once, with why (issue 34, item 12: "paused — … · paused: nothing played in the last 3 trials").
@Suite("The unanswered pause's wording")
struct UnansweredPauseTextTests {
    @Test("the trainer reports why without repeating the pause; the status line and the log line say it once")
    func pauseSaidOnce() async throws {
        let harness = try TrainerHarness()
        let run = harness.run()
        await harness.awaitingAnswer(1)
        await harness.trainer.sessionEvent(RhythmMatchingEvent.stopped(.unanswered(trials: 3)).trialEvent, current: true)
        await harness.presenter.waitUntil { $0.contains { if case .stopped(_, _?) = $0 { true } else { false } } }
        let problem = await harness.presenter.reports.compactMap { if case .stopped(_, let problem?) = $0 { problem } else { nil } }.first
        #expect(problem == "nothing played in the last 3 trials")
        harness.keys.yield(.character("q"))
        _ = await run.value

        let output = CapturedOutput()
        let statusLine = StatusLinePresenter(mode: .rhythmMatching, output: output, colors: false, columns: { 200 })
        await statusLine.present(.started(mode: .rhythmMatching, intervals: [], output: "FLUID Synth", input: nil))
        await statusLine.present(.stopped(mode: .rhythmMatching, problem: problem))
        #expect(output.statusLine.components(separatedBy: "paused").count == 2, "\(output.statusLine)")
        #expect(output.statusLine.hasSuffix("nothing played in the last 3 trials"), "\(output.statusLine)")
        #expect(!output.text.contains("paused: nothing"), "\(output.text)")
    }
}
