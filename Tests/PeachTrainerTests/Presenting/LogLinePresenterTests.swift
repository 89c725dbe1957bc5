import PeachTestSupport
@testable import PeachCore
import PeachTerminal
import PeachTrainer
import Testing

@Suite("LogLinePresenter", .timeLimit(.minutes(Patience.minutes(1))))
struct LogLinePresenterTests {
    typealias F = ReportFixtures

    @Test("one plain line per start, trial start, completion, stop, notice and finish; nothing else")
    func lines() async {
        let output = CapturedOutput()
        let presenter = LogLinePresenter(mode: .comparison, output: output)
        let reports: [TrainingReport] = [
            .started(mode: .comparison, intervals: [.prime], output: "FLUID Synth", input: "Keystation 49"),
            .comparisonTrialStarted(F.comparisonTrial(number: 1, offset: 12.5), trial: 1),
            .comparisonStateChanged(.playingNote1, trial: 1),
            .comparisonStateChanged(.awaitingAnswer, trial: 1),
            .comparisonCompleted(F.comparisonRecord(offset: 12.5, correct: true), trial: 1, sessionBest: 10, standing: DisciplineStanding(trend: .improving)),
            .comparisonStateChanged(.showingFeedback, trial: 1),
            .comparisonTrialStarted(F.comparisonTrial(number: 2, offset: -11), trial: 2),
            .comparisonCompleted(F.comparisonRecord(offset: -11, correct: false), trial: 2, sessionBest: nil, standing: DisciplineStanding()),
            .notice("controller lost: waiting for Keystation 49"),
            .stopped(mode: .comparison, problem: nil),
            .started(mode: .intervalMatching, intervals: [.perfectFifthUp], output: "FLUID Synth", input: nil),
            .matchingTrialStarted(F.matchingTrial(number: 1, initial: -13.24, interval: .perfectFifthUp), trial: 3),
            .matchingStateChanged(.playingTunable, trial: 3),
            .matchingAdjusted(offset: 1, trial: 3),
            .matchingCompleted(F.matchingRecord(initial: -13.24, error: 2.1, interval: .perfectFifthUp), trial: 3,
                               sessionBest: 1.5, standing: DisciplineStanding(trend: .stable)),
            .matchingTrialStarted(F.matchingTrial(number: 2, initial: 3, interval: .perfectFifthUp), trial: 4),
            .matchingCompleted(F.matchingRecord(initial: 3, error: -20, interval: .perfectFifthUp), trial: 4,
                               sessionBest: 1.5, standing: DisciplineStanding()),
            .stopped(mode: .intervalMatching, problem: "FLUID Synth went away"),
            .finished(completedTrials: 4, summary: RunSummary(entries: [
                Self.entry(.unisonComparison, trials: 2, correct: 1, before: nil,
                           after: ThresholdEstimate(kind: .below, cents: nil, lower: nil, upper: 30, trials: 2, effectiveTrials: 2)),
                Self.entry(.intervalMatching, trials: 2, errors: 22.1,
                           before: ThresholdEstimate(kind: .interval, cents: 9, lower: 7, upper: 12, trials: 50, effectiveTrials: 48),
                           after: ThresholdEstimate(kind: .interval, cents: 9.6, lower: 7.5, upper: 13, trials: 52, effectiveTrials: 50)),
                Self.entry(.intervalComparison, trials: 0, before: nil, after: nil),
            ])),
        ]
        for report in reports { await presenter.present(report) }
        #expect(output.text == """
            training comparison · sending to FLUID Synth · answers from Keystation 49
            trial 1 · comparison · unison on C4 · detuned 12.5 c · started
            trial 1 · comparison · unison on C4 · detuned +12.5 c · answered higher · correct (finest 10.0 c, trend improving)
            trial 2 · comparison · unison on C4 · detuned 11.0 c · started
            trial 2 · comparison · unison on C4 · detuned −11.0 c · answered higher · wrong
            controller lost: waiting for Keystation 49
            comparison paused · space goes on
            training interval matching P5u · sending to FLUID Synth · answers from the terminal keys
            trial 3 · interval matching · P5 up from G4 to D5 · started
            trial 3 · interval matching · P5 up from G4 to D5 · started −13.2 c · ended +2.1 c · near (closest 1.5 c, trend stable)
            trial 4 · interval matching · P5 up from G4 to D5 · started
            trial 4 · interval matching · P5 up from G4 to D5 · started +3.0 c · ended −20.0 c · far (closest 1.5 c)
            interval matching stopped: FLUID Synth went away
            finished · 4 trials completed
            unison comparison: 2 trials, 50 % correct · threshold below 30 c, before this run no trials
            interval matching: 2 trials, mean |error| 11.1 c · spread 9.6 c (7.5–13), before this run 9.0 c (7.0–12)

            """)
        #expect(!output.text.contains("\r") && !output.text.contains("\u{1B}"))
    }

    @Test("a downward interval is named down, from the record's notes")
    func downward() async {
        let output = CapturedOutput()
        let presenter = LogLinePresenter(mode: .intervalComparison, output: output)
        let down = DirectedInterval(.majorThird, .down)
        await presenter.present(.comparisonCompleted(F.comparisonRecord(offset: -3, correct: true, interval: down),
                                                     trial: 7, sessionBest: 3, standing: DisciplineStanding()))
        #expect(output.text == "trial 7 · interval comparison · M3 down from C4 to G#3 · detuned −3.0 c · answered lower · correct (finest 3.0 c)\n")
    }

    @Test("the near threshold is the one given")
    func nearThreshold() async {
        let output = CapturedOutput()
        let presenter = LogLinePresenter(mode: .matching, output: output, nearCents: 2)
        await presenter.present(.matchingCompleted(F.matchingRecord(initial: 5, error: 2.1), trial: 1,
                                                   sessionBest: nil, standing: DisciplineStanding()))
        #expect(output.text == "trial 1 · matching · unison on G4 · started +5.0 c · ended +2.1 c · far\n")
    }

    @Test("control characters in a notice stay on one line")
    func noticeOnOneLine() async {
        let output = CapturedOutput()
        let presenter = LogLinePresenter(mode: .matching, output: output)
        await presenter.present(.notice("port\nlost\u{1B}[2J"))
        #expect(output.text == "port lost [2J\n")
    }

    static func entry(_ discipline: TrainingDiscipline, trials: Int, correct: Int = 0, errors: Double = 0,
                      before: ThresholdEstimate?, after: ThresholdEstimate?) -> RunSummary.Entry {
        var entry = RunSummary.Entry(discipline: discipline, before: before)
        entry.trials = trials
        entry.correct = correct
        entry.absoluteErrors = errors
        entry.after = after
        return entry
    }
}
