import Foundation
import PeachTestSupport
@testable import PeachCore
import PeachTerminal
import PeachTrainer
import Testing

/// Issue 15: an interval mode shows which interval the trial asks for, from which note, in
/// every presenter.
@Suite("The trial's interval, direction and reference note", .timeLimit(.minutes(Patience.minutes(1))))
struct TrialQuestionTests {
    typealias F = ReportFixtures
    private static let thirdDown = DirectedInterval(.majorThird, .down)

    @Test("named as a musician reads it: interval, up or down, from the reference note")
    func wording() {
        let fifth = TrialQuestion(interval: .perfectFifthUp, reference: 60, target: 67)
        #expect(fifth.shortText == "P5 up from C4")
        #expect(fifth.longText == "P5 up from C4 to G4")
        let third = TrialQuestion(interval: Self.thirdDown, reference: 61, target: 57)
        #expect(third.shortText == "M3 down from C#4")
        let unison = TrialQuestion(interval: .prime, reference: 69, target: 69)
        #expect(unison.shortText == nil)
        #expect(unison.longText == "unison on A4")
        // A record keeps the interval undirected: the notes give the direction back.
        #expect(TrialQuestion(undirected: .octave, reference: 72, target: 60).interval == DirectedInterval(.octave, .down))
    }

    @Test("the status line shows the current trial's interval instead of the whole set, from its start to its result")
    func statusLine() async {
        let output = CapturedOutput()
        let presenter = StatusLinePresenter(mode: .intervalComparison, output: output, colors: false, columns: { 200 })
        await presenter.present(.started(mode: .intervalComparison, intervals: [.perfectFifthUp, Self.thirdDown],
                                         output: "FLUID Synth", input: nil))
        #expect(output.statusLine.hasPrefix("interval comparison P5u M3d · "), "the set before the first trial")
        await presenter.present(.comparisonTrialStarted(F.comparisonTrial(number: 1, offset: 20, interval: Self.thirdDown), trial: 1))
        #expect(output.statusLine.hasPrefix("interval comparison · trial 1 · M3 down from C4 · "))
        #expect(!output.statusLine.contains("P5"))
        await presenter.present(.comparisonCompleted(F.comparisonRecord(offset: 20, correct: true, interval: Self.thirdDown),
                                                     trial: 1, sessionBest: 20, standing: DisciplineStanding()))
        #expect(output.statusLine.contains("M3 down from C4"), "the result stays with its question")
        await presenter.present(.stopped(mode: .intervalComparison, problem: nil))
        #expect(!output.statusLine.contains("from C4"), "a discarded trial asks nothing")
    }

    @Test("unison modes show no interval")
    func unison() async {
        let output = CapturedOutput()
        let presenter = StatusLinePresenter(mode: .comparison, output: output, colors: false, columns: { 200 })
        await presenter.present(.comparisonTrialStarted(F.comparisonTrial(number: 1, offset: 20), trial: 1))
        #expect(!output.statusLine.contains("unison") && !output.statusLine.contains("from"))
    }

    @Test("JSON gives the directed interval and its direction in both trial events")
    func json() async throws {
        let output = CapturedOutput()
        let presenter = JSONLinePresenter { output.write($0 + "\n") }
        await presenter.present(.comparisonTrialStarted(F.comparisonTrial(number: 1, offset: 20, interval: Self.thirdDown), trial: 1))
        await presenter.present(.matchingCompleted(F.matchingRecord(initial: 3, error: 1, interval: Self.thirdDown),
                                                   trial: 1, sessionBest: 1, standing: DisciplineStanding()))
        let objects = try output.text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.count == 2)
        for object in objects {
            #expect(object["interval"] as? String == "M3d")
            #expect(object["direction"] as? String == "down")
        }
    }
}
