import Foundation
import PeachTestSupport
@testable import PeachCore
import PeachTerminal
import PeachTrainer
import Testing

@Suite("JSON lines name modes as the command line does", .timeLimit(.minutes(Patience.minutes(1))))
struct JSONModeNamesTests {
    typealias F = ReportFixtures

    static func objects(_ reports: [TrainingReport]) async throws -> [[String: Any]] {
        let output = CapturedOutput()
        let presenter = JSONLinePresenter { output.write($0 + "\n") }
        for report in reports { await presenter.present(report) }
        return try output.text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test("an interval comparison's trial events say interval-comparison, as its started event does")
    func intervalTrialEvents() async throws {
        let objects = try await Self.objects([
            .started(mode: .intervalComparison, intervals: [.perfectFifthUp], output: "FLUID Synth", input: nil),
            .comparisonTrialStarted(F.comparisonTrial(number: 1, offset: 20, interval: .perfectFifthUp), trial: 1),
            .comparisonStateChanged(.awaitingAnswer, trial: 1),
            .comparisonCompleted(F.comparisonRecord(offset: 20, correct: true, interval: .perfectFifthUp), trial: 1,
                                 sessionBest: 20, standing: DisciplineStanding()),
            .stopped(mode: .intervalComparison, problem: nil),
        ])
        #expect(objects.map { $0["mode"] as? String } == Array(repeating: "interval-comparison", count: 5))
    }

    @Test("the run's summary names every discipline by its mode, pitch and rhythm alike")
    func summaryNames() async throws {
        var summary = RunSummary(entries: [RunSummary.Entry(discipline: .unisonComparison, before: nil),
                                           RunSummary.Entry(discipline: .intervalMatching, before: nil)],
                                 rhythm: [RunSummary.RhythmEntry(discipline: .matching, tempo: TempoBPM(unchecked: 80))])
        summary.entries[0].trials = 1
        summary.entries[1].trials = 1
        summary.rhythm[0].trials = 1
        let objects = try await Self.objects([.finished(completedTrials: 3, summary: summary)])
        let disciplines = try #require(objects.first?["disciplines"] as? [[String: Any]])
        #expect(disciplines.map { $0["discipline"] as? String } == ["comparison", "interval-matching", "rhythm-matching"])
    }
}
