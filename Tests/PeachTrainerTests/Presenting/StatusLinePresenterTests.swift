import Foundation
import PeachTestSupport
@testable import PeachCore
import PeachTerminal
import PeachTrainer
import Testing

@Suite("StatusLinePresenter", .timeLimit(.minutes(Patience.minutes(1))))
struct StatusLinePresenterTests {
    typealias F = ReportFixtures

    private func presenter(_ output: CapturedOutput, mode: TrainingMode = .comparison, colors: Bool = false)
        -> StatusLinePresenter {
        StatusLinePresenter(mode: mode, output: output, colors: colors, columns: { 200 })
    }

    @Test("a comparison trial: the status line after each report")
    func comparisonTrial() async {
        let output = CapturedOutput()
        let presenter = presenter(output)
        let steps: [(TrainingReport, String)] = [
            (.started(mode: .comparison, intervals: [.prime], output: "FLUID Synth", input: nil),
             "comparison · starting…"),
            (.comparisonTrialStarted(F.comparisonTrial(number: 1, offset: -12.5), trial: 1),
             "comparison · trial 1 · detuned 12.5 c · listen…"),
            (.comparisonStateChanged(.playingNote1, trial: 1), "comparison · trial 1 · detuned 12.5 c · listen…"),
            (.comparisonStateChanged(.playingNote2, trial: 1), "comparison · trial 1 · detuned 12.5 c · higher or lower? ↑/↓"),
            (.comparisonStateChanged(.awaitingAnswer, trial: 1),
             "comparison · trial 1 · detuned 12.5 c · higher or lower? ↑/↓"),
            (.comparisonCompleted(F.comparisonRecord(offset: -12.5, correct: true), trial: 1, sessionBest: 12.5, standing: DisciplineStanding()),
             "comparison · trial 1 · detuned 12.5 c · last ✓ 12.5 c · finest 12.5 c"),
            (.comparisonStateChanged(.showingFeedback, trial: 1),
             "comparison · trial 1 · detuned 12.5 c · last ✓ 12.5 c · finest 12.5 c"),
            (.comparisonTrialStarted(F.comparisonTrial(number: 2, offset: 11.9), trial: 2),
             "comparison · trial 2 · detuned 11.9 c · listen… · last ✓ 12.5 c · finest 12.5 c"),
            (.comparisonCompleted(F.comparisonRecord(offset: 11.9, correct: false), trial: 2, sessionBest: 12.5,
                                  standing: DisciplineStanding(trend: .declining)),
             "comparison · trial 2 · detuned 11.9 c · last ✗ 11.9 c · finest 12.5 c · trend declining"),
            (.stopped(mode: .comparison, problem: nil),
             "comparison · trial 2 · paused — space to go on · last ✗ 11.9 c · finest 12.5 c · trend declining"),
        ]
        for (report, expected) in steps {
            await presenter.present(report)
            #expect(output.statusLine == expected, "after \(report)")
        }
    }

    @Test("the completed trial's result is on screen as soon as its report is presented")
    func resultAtOnce() async {
        let output = CapturedOutput()
        let presenter = presenter(output, colors: true)
        await presenter.present(.comparisonTrialStarted(F.comparisonTrial(number: 1, offset: 4), trial: 1))
        let before = output.writes.count
        await presenter.present(.comparisonCompleted(F.comparisonRecord(offset: 4, correct: true), trial: 1,
                                                     sessionBest: 4, standing: DisciplineStanding(trend: .improving)))
        #expect(output.writes.count == before + 1)
        #expect(output.writes.last?.contains("\u{1B}[32m✓ 4.0 c\u{1B}[0m") == true)
    }

    @Test("the threshold estimate and its interval show after each trial, in every presenter")
    func thresholdAfterEachTrial() async throws {
        let estimate = ThresholdEstimate(kind: .interval, cents: 4.3, lower: 3.6, upper: 5.2, trials: 40, effectiveTrials: 38)
        let report = TrainingReport.comparisonCompleted(F.comparisonRecord(offset: 4, correct: true), trial: 1, sessionBest: 4,
                                                        standing: DisciplineStanding(threshold: estimate))
        let output = CapturedOutput()
        let status = presenter(output)
        await status.present(.comparisonTrialStarted(F.comparisonTrial(number: 1, offset: 4), trial: 1))
        await status.present(report)
        #expect(output.statusLine == "comparison · trial 1 · detuned 4.0 c · last ✓ 4.0 c · threshold 4.3 c (3.6–5.2) · finest 4.0 c")

        let lines = CapturedOutput()
        let log = LogLinePresenter(mode: .comparison, output: lines)
        await log.present(report)
        #expect(lines.text.contains("correct (finest 4.0 c, threshold 4.3 c (3.6–5.2))"))

        let json = CapturedOutput()
        await JSONLinePresenter { json.write($0) }.present(report)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [String: Any])
        let threshold = try #require(object["threshold"] as? [String: Any])
        #expect(threshold["kind"] as? String == "interval")
        #expect(threshold["cents"] as? Double == 4.3)
        #expect(threshold["lower"] as? Double == 3.6)
        #expect(threshold["upper"] as? Double == 5.2)
        #expect(threshold["trials"] as? Int == 40)

        let bounded = ThresholdEstimate(kind: .below, cents: nil, lower: nil, upper: 9.5, trials: 12, effectiveTrials: 12)
        let matching = TrainingReport.matchingCompleted(F.matchingRecord(initial: 10, error: 2), trial: 1, sessionBest: 2,
                                                        standing: DisciplineStanding(threshold: bounded))
        let spread = CapturedOutput()
        let matchingStatus = presenter(spread, mode: .matching)
        await matchingStatus.present(matching)
        #expect(spread.statusLine.contains("spread below 9.5 c"))
    }

    @Test("a matching trial: touch prompt, no offset while tuning, the signed error with near/far")
    func matchingTrial() async {
        let output = CapturedOutput()
        let presenter = presenter(output, mode: .intervalMatching)
        let steps: [(TrainingReport, String)] = [
            (.started(mode: .intervalMatching, intervals: [.perfectFifthUp, DirectedInterval(.majorThird, .down)],
                      output: "FLUID Synth", input: "Keystation 49"),
             "interval matching P5u M3d · starting…"),
            (.matchingTrialStarted(F.matchingTrial(number: 1, initial: 13.2, interval: .perfectFifthUp), trial: 1),
             "interval matching · trial 1 · P5 up from G4 · listen…"),
            (.matchingStateChanged(.playingReference, trial: 1), "interval matching · trial 1 · P5 up from G4 · listen…"),
            (.matchingStateChanged(.awaitingTouch, trial: 1),
             "interval matching · trial 1 · P5 up from G4 · ←/→ starts the note"),
            (.matchingStateChanged(.playingTunable, trial: 1),
             "interval matching · trial 1 · P5 up from G4 · tune (←/→), then Enter"),
            // The offset stays hidden while tuning: the ears tune, not the eyes.
            (.matchingAdjusted(offset: -2.44, trial: 1),
             "interval matching · trial 1 · P5 up from G4 · tune (←/→), then Enter"),
            (.matchingCompleted(F.matchingRecord(initial: 13.2, error: -2.44, interval: .perfectFifthUp), trial: 1,
                                sessionBest: 2.44, standing: DisciplineStanding(trend: .stable)),
             "interval matching · trial 1 · P5 up from G4 · ended 2.4 c flat (near) · closest 2.4 c · trend stable"),
            (.matchingTrialStarted(F.matchingTrial(number: 2, initial: -5, interval: .perfectFifthUp), trial: 2),
             "interval matching · trial 2 · P5 up from G4 · listen… · ended 2.4 c flat (near) · closest 2.4 c · trend stable"),
            (.matchingCompleted(F.matchingRecord(initial: -5, error: 10.05, interval: .perfectFifthUp), trial: 2,
                                sessionBest: 2.44, standing: DisciplineStanding(trend: .stable)),
             "interval matching · trial 2 · P5 up from G4 · ended 10.1 c sharp (far) · closest 2.4 c · trend stable"),
        ]
        for (report, expected) in steps {
            await presenter.present(report)
            #expect(output.statusLine == expected, "after \(report)")
        }
    }

    @Test("starts, problems and notices are printed above the status line, which stays below")
    func messagesAbove() async {
        let output = CapturedOutput()
        let presenter = presenter(output)
        await presenter.present(.started(mode: .comparison, intervals: [.prime], output: "FLUID Synth", input: nil))
        await presenter.present(.notice("synth lost: waiting for FLUID Synth"))
        #expect(output.text.contains(
            "\r\u{1B}[2Ktraining comparison · sending to FLUID Synth · answers from the terminal keys\n"))
        #expect(output.text.contains("\r\u{1B}[2Ksynth lost: waiting for FLUID Synth\n"))
        #expect(output.statusLine == "comparison · starting… · synth lost: waiting for FLUID Synth")

        await presenter.present(.stopped(mode: .comparison, problem: "FLUID Synth went away"))
        #expect(output.text.contains("\r\u{1B}[2Kcomparison stopped: FLUID Synth went away\n"))
        #expect(output.statusLine == "comparison · paused — space to go on · FLUID Synth went away")
        // The next trial clears the notice.
        await presenter.present(.comparisonTrialStarted(F.comparisonTrial(number: 1, offset: 50), trial: 1))
        #expect(output.statusLine == "comparison · trial 1 · detuned 50.0 c · listen…")
    }

    @Test("finish leaves the last status line, then the summary on its own line")
    func finish() async {
        let output = CapturedOutput()
        let presenter = presenter(output)
        await presenter.present(.comparisonTrialStarted(F.comparisonTrial(number: 1, offset: 50), trial: 1))
        await presenter.present(.comparisonCompleted(F.comparisonRecord(offset: 50, correct: true), trial: 1,
                                                     sessionBest: 50, standing: DisciplineStanding()))
        await presenter.present(.finished(completedTrials: 1, summary: RunSummary()))
        #expect(output.text.hasSuffix(
            "comparison · trial 1 · last ✓ 50.0 c · finest 50.0 c\n\r\u{1B}[2Kfinished · 1 trial completed\n"))
    }
}

@Suite("OrderedPresenter", .timeLimit(.minutes(Patience.minutes(1))))
struct OrderedPresenterTests {
    @Test("an action runs behind the reports posted before it and ahead of those posted after")
    func actionsInOrder() async {
        let output = CapturedOutput()
        let statusLine = StatusLinePresenter(mode: .comparison, output: output, colors: false, columns: { 80 })
        let ordered = OrderedPresenter(statusLine)
        ordered.post(.notice("one"))
        ordered.perform { await statusLine.leaveLine() }
        ordered.post(.notice("two"))
        ordered.perform { await statusLine.redraw() }
        await ordered.close()
        let clear = "\r\u{1B}[2K"
        let line = { (notice: String) in clear + "comparison · starting… · " + notice }
        // After the suspend a fresh line; at the end the redraw.
        #expect(output.text == clear + "one\n" + line("one") + "\n"
            + clear + "two\n" + "comparison · starting… · one" + line("two")
            + line("two"))
    }
}

@Suite("StatusLinePresenter with a controller", .timeLimit(.minutes(Patience.minutes(1))))
struct StatusLineControllerTests {
    @Test("a controller named at start: the prompts name its controls, not the computer's keys")
    func controllerPrompts() async {
        let output = CapturedOutput()
        let presenter = StatusLinePresenter(mode: .matching, output: output, colors: false, columns: { 200 })
        await presenter.present(.started(mode: .matching, intervals: [.prime], output: "FLUID Synth", input: "Keystation 49",
                                         controls: .default))
        await presenter.present(.matchingTrialStarted(ReportFixtures.matchingTrial(number: 1, initial: 3), trial: 1))
        await presenter.present(.matchingStateChanged(.awaitingTouch, trial: 1))
        #expect(output.statusLine == "matching · trial 1 · mod wheel starts the note")
        await presenter.present(.matchingStateChanged(.playingTunable, trial: 1))
        #expect(output.statusLine == "matching · trial 1 · tune (mod wheel), then sustain pedal or any key")
        // Back to the keys when the next start names no controller.
        await presenter.present(.started(mode: .comparison, intervals: [.prime], output: "FLUID Synth", input: nil))
        await presenter.present(.comparisonTrialStarted(ReportFixtures.comparisonTrial(number: 1, offset: 3), trial: 1))
        await presenter.present(.comparisonStateChanged(.awaitingAnswer, trial: 1))
        #expect(output.statusLine.hasSuffix("higher or lower? ↑/↓"))
    }
}
