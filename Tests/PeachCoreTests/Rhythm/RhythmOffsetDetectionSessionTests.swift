import Foundation
import Synchronization
import Testing
@testable import PeachCore
import PeachTestSupport

@Suite("Rhythm offset detection session", .timeLimit(.minutes(Patience.minutes(1))))
struct RhythmOffsetDetectionSessionTests {
    @Test func aTrialPassesThroughEveryStateInOrder() async throws {
        var harness = DetectionHarness()
        func reached(_ state: RhythmOffsetDetectionState) -> (RhythmOffsetDetectionEvent) -> Bool? {
            { if case .stateChanged(let s) = $0, s == state { true } else { nil } }
        }
        await harness.session.start()
        var seen = await harness.events.collect(until: reached(.playingClicks))
        let trial = try #require(harness.session.currentTrial)
        await harness.player.advanceWhenSleeping(to: trial.schedule.last)
        seen += await harness.events.collect(until: reached(.awaitingAnswer))
        #expect(harness.session.answer(early: true))
        seen += await harness.events.collect(until: reached(.showingFeedback))
        await harness.clock.advanceWhenSleeping(by: RhythmOffsetDetectionSession.feedbackDuration)
        seen += await harness.events.collect(until: reached(.playingClicks))
        await harness.session.stop()

        let states = seen.compactMap { if case .stateChanged(let state) = $0 { state } else { nil } }
        #expect(states == [.playingClicks, .awaitingAnswer, .showingFeedback, .playingClicks])
        #expect(harness.observer.detections.count == 1)
    }

    @Test("four sixteenths at the set tempo go to the player as one schedule, the fourth moved by the trial's offset")
    func theFourClicksAreOneSchedule() async throws {
        let (tempo, clickVelocity) = (try TempoBPM(120), try MIDIVelocity(110))
        var harness = DetectionHarness {
            $0.rhythmTempo = tempo
            $0.rhythmClickVelocity = clickVelocity
        }
        await harness.session.start()
        let trial = try #require(await harness.playClicks())
        let pattern = try #require(harness.player.patterns.first)
        #expect(harness.player.patterns.count == 1)
        #expect(pattern.offsets == [.zero, .milliseconds(125), .milliseconds(250), .milliseconds(375) + trial.offset.duration])
        #expect(pattern.velocity == clickVelocity, "the clicks' own velocity, not the notes'")
        // A cold start: 20 % of a 125 ms sixteenth, either way.
        #expect(abs(trial.offset.milliseconds) == 25)
        #expect(trial.tempo.value == 120)
        #expect(harness.player.schedules.first == trial.schedule)
        await harness.session.stop()
    }

    @Test("answers before the fourth click are ignored; one answer counts, with its control, and is judged by the offset's side")
    func answersCountFromTheFourthClickOnce() async throws {
        var harness = DetectionHarness()
        await harness.session.start()
        let trial = try #require(await harness.events.next { if case .trialStarted(let trial) = $0 { trial } else { nil } })
        await harness.waitFor(.playingClicks)
        #expect(!harness.session.answer(early: true), "nobody can tell before the fourth click")
        await harness.player.advanceWhenSleeping(to: trial.schedule.last)
        await harness.waitFor(.awaitingAnswer)
        let early = trial.offset.direction == .early
        #expect(harness.session.answer(early: !early, from: AnswerSource("note 36")))
        #expect(!harness.session.answer(early: early), "only the first answer counts")
        let record = try #require(await harness.nextRecord())
        #expect(record.isCorrect == false)
        #expect(record.offset == trial.offset)
        #expect(record.tempo == TrainingSettings.defaults.rhythmTempo)
        #expect(record.timestamp == DetectionHarness.timestamp)
        #expect(harness.observer.sources == [AnswerSource("note 36")])
        await harness.session.stop()
    }

    @Test("the reaction is told the verdict once, for the counted answer only, before the session records it")
    func theReactionComesFirst() async throws {
        var harness = DetectionHarness()
        await harness.session.start()
        let trial = try #require(await harness.playClicks())
        let early = trial.offset.direction == .early
        let told = Mutex<[(correct: Bool, recordsThen: Int)]>([])
        let observer = harness.observer
        let reaction: (Bool) -> Void = { correct in told.withLock { $0.append((correct, observer.detections.count)) } }
        #expect(harness.session.judgedAnswer(early: early, reaction: reaction) == true)
        #expect(harness.session.judgedAnswer(early: !early, reaction: reaction) == nil, "only the first answer counts")
        _ = try #require(await harness.nextRecord())
        let verdicts = told.withLock { $0 }
        #expect(verdicts.map(\.correct) == [true])
        #expect(verdicts.map(\.recordsThen) == [0])
        await harness.session.stop()
    }

    @Test("early and late are independent tracks: a trial moves only its own side's offset, by the Kazez rule")
    func earlyAndLateAreIndependentTracks() async throws {
        var harness = DetectionHarness(seed: 7)
        await harness.session.start()
        var expected: [RhythmDirection: Double] = [:]
        var seenSides: Set<RhythmDirection> = []
        for index in 0..<12 {
            let correctly = index % 3 != 2
            let (trial, record) = try #require(await harness.runTrial(correctly: correctly))
            let side = trial.offset.direction
            seenSides.insert(side)
            let asked = expected[side] ?? RhythmKazezStrategy.coldStart
            #expect(abs(abs(trial.offset.percentOfSixteenth(at: trial.tempo)) - asked) < 0.001,
                    "trial \(index) starts where its own side left off")
            #expect(record.isCorrect == correctly)
            expected[side] = RhythmKazezStrategy().nextPercent(after: asked, wasCorrect: correctly)
            for direction in RhythmDirection.allCases {
                let current = await harness.session.currentPercent(for: direction)
                #expect(current == expected[direction], "the \(direction) track after trial \(index)")
            }
        }
        #expect(seenSides == [.early, .late], "the seed reaches both sides")
        await harness.session.stop()
    }

    @Test("a correct answer narrows, a wrong one widens, within 1…50 % of a sixteenth")
    func difficultyMoves() {
        let strategy = RhythmKazezStrategy()
        #expect(strategy.nextPercent(after: 20, wasCorrect: true) < 20)
        #expect(strategy.nextPercent(after: 20, wasCorrect: false) > 20)
        #expect(strategy.nextPercent(after: 1, wasCorrect: true) == 1)
        #expect(strategy.nextPercent(after: 50, wasCorrect: false) == 50)
        #expect(strategy.initialPercent(profileMean: nil) == 20)
        #expect(strategy.initialPercent(profileMean: 7.5) == 7.5)
        #expect(strategy.initialPercent(profileMean: 400) == 50)
    }

    @Test("each side's first trial starts from the profile's mean for that tempo and side")
    func firstTrialStartsFromTheProfile() async throws {
        let tempo = TrainingSettings.defaults.rhythmTempo
        let profile = PerceptualProfile()
        profile.add(6, at: DetectionHarness.timestamp, to: RhythmProfileKey(discipline: .offsetDetection, tempo: tempo, direction: .early))
        profile.add(9, at: DetectionHarness.timestamp, to: RhythmProfileKey(discipline: .offsetDetection, tempo: tempo, direction: .late))
        var harness = DetectionHarness(profile: profile)
        await harness.session.start()
        let trial = try #require(await harness.playClicks())
        let percent = trial.offset.percentOfSixteenth(at: tempo)
        #expect(abs(percent - (trial.offset.direction == .early ? -6 : 9)) < 0.001)
        await harness.session.stop()
    }

    @Test("stopping while the clicks play withdraws them, records nothing and returns to idle",
          arguments: [RhythmOffsetDetectionState.playingClicks, .awaitingAnswer, .showingFeedback])
    func stopInAnyStateRecordsNothing(state: RhythmOffsetDetectionState) async throws {
        var harness = DetectionHarness()
        await harness.session.start()
        switch state {
        case .playingClicks:
            await harness.waitFor(.playingClicks)
        case .awaitingAnswer:
            _ = await harness.playClicks()
        default:
            _ = await harness.playClicks()
            harness.session.answer(early: true)
            await harness.waitFor(.showingFeedback)
        }
        let recordedBefore = harness.observer.detections.count
        await harness.session.stop()
        #expect(harness.session.state == .idle)
        #expect(harness.player.stopAlls == 1, "the queued clicks are withdrawn")
        #expect(harness.observer.detections.count == recordedBefore)
        #expect(!harness.session.answer(early: true), "nothing counts after stop")
        let stopped = await harness.events.next { if case .stopped(let reason) = $0 { reason } else { nil } }
        #expect(stopped?.description == "stopped")
    }

    @Test("a failing observer stops the session with its error; a failing schedule too")
    func failuresStopTheSession() async throws {
        var harness = DetectionHarness()
        harness.observer.failFromNowOn()
        await harness.session.start()
        _ = await harness.playClicks()
        harness.session.answer(early: false)
        let reason = await harness.events.next { if case .stopped(let reason) = $0 { reason } else { nil } }
        guard case .failed(let error)? = reason else { Issue.record("expected a failure"); return }
        #expect(error is RecordingRhythmObserver.WriteFailure)
        #expect(harness.session.state == .idle)

        var second = DetectionHarness()
        second.player.failFromNowOn()
        await second.session.start()
        let secondReason = await second.events.next { if case .stopped(let reason) = $0 { reason } else { nil } }
        guard case .failed(let scheduleError)? = secondReason else { Issue.record("expected a failure"); return }
        #expect(scheduleError is RecordingRhythmPlayer.ScheduleFailure)
    }

    @Test("reset stops the session and clears the tracks, the profile and the store")
    func resetClearsEverything() async throws {
        var harness = DetectionHarness()
        await harness.session.start()
        _ = try #require(await harness.runTrial(correctly: true))
        try await harness.session.resetAllTrainingData()
        #expect(harness.session.state == .idle)
        #expect(harness.observer.resets == 1)
        #expect(harness.profile.rhythmKeys.isEmpty)
        for direction in RhythmDirection.allCases {
            #expect(await harness.session.currentPercent(for: direction) == nil)
        }
    }
}
