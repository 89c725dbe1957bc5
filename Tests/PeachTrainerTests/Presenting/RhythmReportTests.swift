import Foundation
import PeachTestSupport
@testable import PeachCore
import PeachTerminal
import PeachTrainer
import Testing

@Suite("Rhythm reports: log lines, the status line and the run summary", .timeLimit(.minutes(Patience.minutes(1))))
struct RhythmReportTests {
    static let tempo = TempoBPM(unchecked: 80)
    static let time = Date(timeIntervalSince1970: 1_790_000_000)

    static func statistics(mean: Double) -> DisciplineStatistics {
        DisciplineStatistics(count: 4, mean: mean, standardDeviation: 1, ewma: mean, latest: mean, trend: nil)
    }

    @Test("each completed trial is one line with the side, percent and milliseconds; a missed or stray tap says so")
    func logLines() async throws {
        let output = CapturedOutput()
        let presenter = LogLinePresenter(mode: .rhythmMatching, output: output)
        let late = RhythmOffsetDetectionRecord(timestamp: Self.time, tempo: Self.tempo,
                                               offset: try RhythmOffset(milliseconds: 15), isCorrect: false)
        let early = RhythmMatchingRecord(timestamp: Self.time, tempo: Self.tempo, userOffset: try RhythmOffset(milliseconds: -7.5))
        var summary = RunSummary()
        summary.rhythm = [RunSummary.RhythmEntry(discipline: .matching, tempo: Self.tempo)]
        summary.rhythm[0].trials = 2
        summary.rhythm[0].signedPercents = -8
        summary.rhythm[0].absolutePercents = 8
        for report: TrainingReport in [
            .rhythmOffsetDetectionCompleted(late, trial: 1, statistics: Self.statistics(mean: 6)),
            .rhythmMatchingCompleted(early, trial: 2, statistics: nil),
            .rhythmMatchingTapMissed(trial: 3),
            .rhythmMatchingTapOutside(try RhythmOffset(milliseconds: 140), trial: 3),
            .stopped(mode: .rhythmMatching, problem: nil),
            .finished(completedTrials: 2, summary: summary),
        ] { await presenter.present(report) }
        #expect(output.text == """
            trial 1 · rhythm offset detection · 80 BPM · 8 % late (+15.0 ms) · answered early · wrong (late mean 6 %)
            trial 2 · rhythm matching · 80 BPM · tap 4 % early (−7.5 ms)
            trial 3 · rhythm matching · no tap in time: the next trial comes
            tap +140.0 ms from the fourth: outside the window, not counted
            rhythm matching paused · space or a tap goes on
            finished · 2 trials completed
            rhythm matching at 80 BPM: 2 trials, mean 4 % early, mean |offset| 4 %

            """)
    }

    @Test("the status line names the tempo, the offset asked and the result, with the controller's tap")
    func statusLine() throws {
        var status = TrainingStatus.initial(mode: .rhythmMatching)
        status = status.applying(.started(mode: .rhythmMatching, intervals: [], output: "FLUID Synth", input: "MPD218",
                                          controls: .default))
        status = status.applying(.rhythmMatchingStateChanged(.awaitingTap, trial: 1))
        let renderer = StatusLineRenderer(colors: false)
        #expect(renderer.render(status, width: 200) == "rhythm matching · trial 1 · tap the fourth (any key or pad)")
        let record = RhythmMatchingRecord(timestamp: Self.time, tempo: Self.tempo, userOffset: try RhythmOffset(milliseconds: 3))
        status = status.applying(.rhythmMatchingCompleted(record, trial: 1, statistics: Self.statistics(mean: 2)))
        #expect(renderer.render(status, width: 200) == "rhythm matching · trial 1 · 80 BPM · tap 1.6 % late (+3.0 ms) · late mean 2 %")
        status = status.applying(.stopped(mode: .rhythmMatching, problem: nil))
        #expect(renderer.render(status, width: 200).hasSuffix("paused — space or sustain pedal held 2 s or a tap to go on · tap 1.6 % late (+3.0 ms) · late mean 2 %"))
    }
}
