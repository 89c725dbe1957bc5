import Foundation
import PeachCore
import PeachRig
import PeachTerminal
import PeachTestSupport
import PeachTrainer
import Testing

/// Issue 32: the run says which tuning it trains, when it starts (JSON) and in its summary.
@Suite("The run names its tuning", .timeLimit(.minutes(Patience.minutes(1))))
struct TuningInReportsTests {
    static let third = DirectedInterval(.majorThird, .up)

    @Test("the JSON started event names a built-in tuning; a rhythm mode's has none")
    func startedBuiltIn() async throws {
        let objects = try await JSONModeNamesTests.objects([
            .started(mode: .intervalComparison, intervals: [Self.third], output: "FLUID Synth", input: nil,
                     tuning: .werckmeisterIII),
            .started(mode: .rhythmMatching, intervals: [], output: "FLUID Synth", input: nil),
        ])
        let tuning = try #require(objects.first?["tuning"] as? [String: Any])
        #expect(tuning["identifier"] as? String == "werckmeister-iii")
        #expect(tuning["name"] as? String == "werckmeister-iii")
        #expect(tuning["description"] is NSNull)
        #expect(tuning["file"] is NSNull)
        #expect(objects.last?["tuning"] is NSNull)
    }

    @Test("a Scala tuning: its identifier, its file's description line and the file as the user named it")
    func startedScala() async throws {
        let pitches = (1...11).map { "\($0 * 100).0" }.joined(separator: "\n")
        let text = "! even.scl\n!\n12-tone \"even\" test\n 12\n!\n\(pitches)\n2/1\n"
        let tuning = try ScalaScale(parsing: text, source: "even.scl").tuning().named(from: "tunings/even.scl")
        let objects = try await JSONModeNamesTests.objects([
            .started(mode: .intervalMatching, intervals: [Self.third], output: "FLUID Synth", input: nil, tuning: tuning),
        ])
        let named = try #require(objects.first?["tuning"] as? [String: Any])
        let identifier = try #require(named["identifier"] as? String)
        #expect(identifier == tuning.identifier.rawValue)
        #expect(identifier.hasPrefix("scala:12-tone \"even\" test#"))
        #expect(named["name"] as? String == "12-tone \"even\" test")
        #expect(named["description"] as? String == "12-tone \"even\" test")
        #expect(named["file"] as? String == "tunings/even.scl")
    }

    @Test("the summary names an interval discipline's tuning (not equal temperament, not a unison's)")
    func summaryText() async throws {
        let meantone = try TuningIdentifier(rawValue: "meantone-1/4")
        var summary = RunSummary(entries: [
            RunSummary.Entry(discipline: .unisonComparison, before: nil, tuning: meantone),
            RunSummary.Entry(discipline: .intervalComparison, before: nil, tuning: meantone),
            RunSummary.Entry(discipline: .intervalComparison, before: nil, tuning: .equalTemperament),
            RunSummary.Entry(discipline: .intervalMatching, before: nil, tuning: .justIntonation),
        ])
        for index in summary.entries.indices { summary.entries[index].trials = 2 }
        summary.entries[3].absoluteErrors = 5
        let output = CapturedOutput()
        await LogLinePresenter(mode: .intervalComparison, output: output).present(.finished(completedTrials: 8, summary: summary))
        let lines = output.text.split(separator: "\n").map(String.init)
        #expect(lines.contains("unison comparison: 2 trials, 0 % correct"), "\(lines)")
        #expect(lines.contains("interval comparison in meantone-1/4: 2 trials, 0 % correct"), "\(lines)")
        #expect(lines.contains("interval comparison: 2 trials, 0 % correct"), "\(lines)")
        #expect(lines.contains("interval matching in just intonation: 2 trials, mean |error| 2.5 c"), "\(lines)")
        #expect(summary.entries[0].tuning == nil, "a unison is the same in every tuning")

        let objects = try await JSONModeNamesTests.objects([.finished(completedTrials: 8, summary: summary)])
        let disciplines = try #require(objects.first?["disciplines"] as? [[String: Any]])
        #expect(disciplines.map { $0["tuning"] as? String } == [nil, "meantone-1/4", "equalTemperament", "justIntonation"])
        #expect(disciplines.first?["tuning"] is NSNull)
    }

    @Test("a run in a temperament: started names it, the summary's entry is the tuning's, from its own estimate")
    func trainerRun() async throws {
        let settings = MockUserSettings { $0.tuning = .quarterCommaMeantone }
        let player = InstantNotePlayer()
        let presenter = RecordingPresenter()
        let makeSession: Trainer.SessionFactory = { mode in
            .comparison(PitchComparisonSession(
                try PitchComparison(intervals: mode.intervals(configured: [Self.third]), player: player),
                settings: settings, clock: ImmediateClock(), random: SessionRandom(SplitMix64(seed: 3))))
        }
        let trainer = Trainer(mode: .intervalComparison, trialLimit: 2, makeSession: makeSession, presenter: presenter,
                              rig: FakeRig(mapping: try ControllerSettings(commands: [:])), feedback: nil,
                              standings: TunedStandings(), clock: ImmediateClock())
        let run = Task { await trainer.run() }
        for trial in 1...2 {
            await presenter.waitUntil { $0.filter(\.isAwaitingAnswer).count >= trial }
            trainer.route.receive(Keyboard.key(127))
        }
        #expect(await run.value == .finished(completedTrials: 2))
        let reports = await presenter.reports
        guard case .started(_, _, _, _, _, let tuning)? = reports.first else {
            Issue.record("the first report is not started: \(String(describing: reports.first))")
            return
        }
        #expect(tuning?.identifier.rawValue == "meantone-1/4")
        guard case .finished(2, let summary)? = reports.last else {
            Issue.record("the last report is not finished(2)")
            return
        }
        #expect(summary.entries.map(\.tuning) == [try TuningIdentifier(rawValue: "meantone-1/4")])
        #expect(summary.entries.first?.before == TunedStandings.meantone, "the estimate before: the tuning's own")
    }
}

/// An estimate for interval comparison in quarter-comma meantone only, and none elsewhere.
private struct TunedStandings: TrainingStandings {
    static let meantone = ThresholdEstimate(kind: .interval, cents: 14, lower: 11, upper: 18, trials: 60, effectiveTrials: 55)

    func standing(of discipline: TrainingDiscipline) -> DisciplineStanding { DisciplineStanding() }

    func standing(of discipline: TrainingDiscipline, in tuning: TuningIdentifier) -> DisciplineStanding {
        tuning.rawValue == "meantone-1/4" ? DisciplineStanding(threshold: Self.meantone) : DisciplineStanding()
    }

    func statistics(of key: RhythmProfileKey) -> DisciplineStatistics? { nil }
}
