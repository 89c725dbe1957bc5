import ALSASequencer
import PeachCore
import PeachRig
import PeachTerminal
import PeachTestSupport
import PeachTrainer
import Testing

@Suite("Trainer", .timeLimit(.minutes(Patience.minutes(1))))
struct TrainerTests {
    @Test("stops after the trial limit, with a cue after every answer and every note silenced")
    func trialLimit() async throws {
        let harness = try TrainerHarness(trialLimit: 3)
        let run = harness.run()
        for trial in 1...3 {
            await harness.awaitingAnswer(trial)
            harness.controller.yield(Keyboard.key(127))
        }
        #expect(await run.value == .finished(completedTrials: 3))
        #expect(await harness.presenter.count { $0.isCompleted } == 3)
        #expect(harness.cue.notes.count == 3)
        #expect(harness.cue.silenced == 1)
        #expect(harness.player.stopAllCalls >= 1)
        guard case .finished(3, let summary)? = await harness.presenter.reports.last else {
            Issue.record("the last report is not finished(3): \(String(describing: await harness.presenter.reports.last))")
            return
        }
        // The run's summary counts the same trials, in the discipline they belong to.
        #expect(summary.entries.map(\.discipline) == [.unisonComparison])
        #expect(summary.entries.first?.trials == 3)
    }

    @Test("the trial limit holds however late the trainer learns of the last answer: the session starts no trial past it")
    func trialLimitWithSlowTrainer() async throws {
        let harness = try TrainerHarness(trialLimit: 1, presenter: RecordingPresenter(holdingFirstCompletion: true))
        let run = harness.run()
        await harness.awaitingAnswer(1)
        harness.controller.yield(Keyboard.key(127))
        // The trainer is held in reporting the answer, the feedback pause ends at once: the
        // session, on its own, either plays the next trial's note or ends by itself.
        await harness.player.waitUntil { $0.played > 2 || $0.stopAll > 0 }
        #expect(harness.player.played == 2)
        await harness.presenter.release()
        #expect(await run.value == .finished(completedTrials: 1))
        #expect(harness.answeredBy.count == 1)
    }

    @Test("finish() before run (a signal during the start-up): nothing sounds, the run ends at once")
    func finishBeforeRun() async throws {
        let harness = try TrainerHarness()
        harness.trainer.finish()
        #expect(await harness.run().value == .finished(completedTrials: 0))
        #expect(harness.player.played == 0)
        #expect(await harness.presenter.count { if case .started = $0 { true } else { false } } == 0)
        guard case .finished(0, _)? = await harness.presenter.reports.last else {
            Issue.record("the last report is not finished(0): \(await harness.presenter.reports)")
            return
        }
    }

    @Test("q on the computer's keyboard quits and discards the unfinished trial")
    func quitKey() async throws {
        let harness = try TrainerHarness()
        let run = harness.run()
        await harness.awaitingAnswer(1)
        harness.keys.yield(.character("q"))
        #expect(await run.value == .finished(completedTrials: 0))
        #expect(await harness.presenter.count { $0.isCompleted } == 0)
    }

    @Test("answers report the control that gave them: a key of the controller, or the terminal")
    func answerSources() async throws {
        let harness = try TrainerHarness(trialLimit: 2)
        let run = harness.run()
        await harness.awaitingAnswer(1)
        harness.controller.yield(Keyboard.key(100))
        await harness.awaitingAnswer(2)
        harness.keys.yield(.up)
        #expect(await run.value == .finished(completedTrials: 2))
        #expect(harness.answeredBy == [.note(100), .terminal])
    }

    @Test("next mode switches from comparison to matching on the controller's command")
    func nextMode() async throws {
        let nextMode = try ControllerButton(parsing: "note:C1")
        let harness = try TrainerHarness(commands: [.nextMode: nextMode])
        let run = harness.run()
        await harness.awaitingAnswer(1)
        harness.controller.yield(Keyboard.key(UInt8(nextMode.number)))
        await harness.presenter.waitUntil { $0.contains(where: \.isAwaitingTouch) }
        harness.keys.yield(.character("q"))
        #expect(await run.value == .finished(completedTrials: 0))
        #expect(await harness.presenter.reports.compactMap(\.startedMode) == [.comparison, .matching])
    }

    @Test("two next-mode commands at the same instant, from the controller and the keyboard: the mode moves on twice, one session at a time; start/stop and quit still work")
    func simultaneousModeSwitches() async throws {
        let nextMode = try ControllerButton(parsing: "note:C1")
        let startStop = try ControllerButton(parsing: "note:D1")
        let harness = try TrainerHarness(commands: [.nextMode: nextMode, .startStop: startStop])
        let run = harness.run()
        await harness.awaitingAnswer(1)
        harness.controller.yield(Keyboard.key(UInt8(nextMode.number)))
        harness.keys.yield(.character("m"))
        await harness.presenter.waitUntil { $0.compactMap(\.startedMode).count == 2 }
        await harness.presenter.waitUntil { $0.filter(\.isAwaitingAnswer).count >= 2 }
        harness.controller.yield(Keyboard.key(UInt8(startStop.number)))
        await harness.presenter.waitUntil { $0.contains { if case .stopped(.intervalComparison, nil) = $0 { true } else { false } } }
        harness.keys.yield(.character("q"))
        #expect(await run.value == .finished(completedTrials: 0))
        let reports = await harness.presenter.reports
        // The second switch came before the first was done: it went one mode further, and the
        // mode in between never started.
        #expect(reports.compactMap(\.startedMode) == [.comparison, .intervalComparison])
        // Every session reported its end before the next one started: never two at once.
        var running = 0
        for report in reports {
            switch report {
            case .started: running += 1
            case .stopped: running -= 1
            default: break
            }
            #expect(running <= 1, "two sessions at once: \(reports)")
        }
    }

    @Test("start/stop pauses: an answer while paused is ignored; training goes on at the next press")
    func pause() async throws {
        let startStop = try ControllerButton(parsing: "note:D1")
        let harness = try TrainerHarness(trialLimit: 1, commands: [.startStop: startStop])
        let run = harness.run()
        await harness.awaitingAnswer(1)
        harness.controller.yield(Keyboard.key(UInt8(startStop.number)))
        harness.controller.yield(Keyboard.key(127))
        harness.controller.yield(Keyboard.key(UInt8(startStop.number)))
        await harness.presenter.waitUntil { $0.contains { $0.notice == "training goes on" } }
        #expect(await harness.presenter.count { $0.isCompleted } == 0, "the answer while paused counted")
        await harness.awaitingAnswer(2)
        harness.controller.yield(Keyboard.key(127))
        #expect(await run.value == .finished(completedTrials: 1))
    }

    @Test("a record that cannot be stored ends training with the reason")
    func fatalFailure() async throws {
        let harness = try TrainerHarness(observers: [FailingObserver()])
        let run = harness.run()
        await harness.awaitingAnswer(1)
        harness.controller.yield(Keyboard.key(127))
        let outcome = await run.value
        guard case .failed(let reason, 0) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(reason.contains("disk full"))
    }

    @Test("a lost port stops the trial; when every port is back, training resumes")
    func hotPlug() async throws {
        let harness = try TrainerHarness(trialLimit: 1)
        let run = harness.run()
        await harness.awaitingAnswer(1)
        #expect(await harness.trainer.portLost("Test Synth went away") == true)
        await harness.presenter.waitUntil { $0.contains { $0.notice == "Test Synth went away" } }
        try await harness.trainer.portsReturned([:], restart: true)
        await harness.awaitingAnswer(2)
        harness.controller.yield(Keyboard.key(127))
        #expect(await run.value == .finished(completedTrials: 1))
    }

    @Test("matching: the mod wheel touches and tunes, the sustain pedal commits; the cue says near or far")
    func matching() async throws {
        let harness = try TrainerHarness(mode: .matching, trialLimit: 1)
        let run = harness.run()
        await harness.presenter.waitUntil { $0.contains(where: \.isAwaitingTouch) }
        harness.controller.yield(Keyboard.cc(1, 80))
        harness.controller.yield(Keyboard.cc(64, 127))
        #expect(await run.value == .finished(completedTrials: 1))
        let cues = harness.cue.notes
        #expect(cues.count == 1)
        #expect(cues.allSatisfy { [FeedbackCueSettings.default.positiveNote, FeedbackCueSettings.default.negativeNote].contains($0) })
        #expect(harness.answeredBy == [.controlChange(64)])
    }

    @Test("suspend (Ctrl-Z) pauses the running trial and calls done; space goes on")
    func suspend() async throws {
        let harness = try TrainerHarness(trialLimit: 1)
        let run = harness.run()
        await harness.awaitingAnswer(1)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            harness.trainer.suspend { done.resume() }
        }
        let reports = await harness.presenter.reports
        #expect(reports.contains { if case .stopped(.comparison, nil) = $0 { true } else { false } },
                "the pause is reported: \(reports)")
        harness.keys.yield(.space)
        await harness.awaitingAnswer(2)
        harness.keys.yield(.up)
        #expect(await run.value == .finished(completedTrials: 1))
    }

    @Test("suspend while paused changes nothing and still calls done")
    func suspendWhilePaused() async throws {
        let harness = try TrainerHarness(trialLimit: 1)
        let run = harness.run()
        await harness.awaitingAnswer(1)
        harness.keys.yield(.space)
        await harness.presenter.waitUntil { $0.contains { if case .stopped = $0 { true } else { false } } }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            harness.trainer.suspend { done.resume() }
        }
        #expect(await harness.presenter.count { if case .stopped = $0 { true } else { false } } == 1)
        harness.keys.yield(.space)
        await harness.awaitingAnswer(2)
        harness.keys.yield(.up)
        #expect(await run.value == .finished(completedTrials: 1))
    }

    @Test("trial numbers count as the musician does: a discarded trial's number goes to the next one, across a pause and a mode switch; every report of a trial carries the same number; the finish counts what the screen counted")
    func trialNumbers() async throws {
        let nextMode = try ControllerButton(parsing: "note:C1")
        let harness = try TrainerHarness(commands: [.nextMode: nextMode])
        let run = harness.run()
        await harness.awaitingAnswer(1)
        harness.keys.yield(.up)                     // trial 1 completed
        await harness.awaitingAnswer(2)
        harness.keys.yield(.space)                  // trial 2 discarded by the pause
        await harness.presenter.waitUntil { $0.contains { if case .stopped = $0 { true } else { false } } }
        harness.keys.yield(.space)
        await harness.awaitingAnswer(3)
        harness.controller.yield(Keyboard.key(UInt8(nextMode.number)))  // discarded by the switch
        await harness.presenter.waitUntil { $0.contains(where: \.isAwaitingTouch) }
        harness.keys.yield(.character("q"))
        #expect(await run.value == .finished(completedTrials: 1))

        let reports = await harness.presenter.reports
        let starts = reports.compactMap { report -> Int? in
            switch report {
            case .trialStarted(_, let trial): trial
            default: nil
            }
        }
        #expect(starts == [1, 2, 2, 2], "\(reports)")
        // Between two starts, every report of the trial carries the start's number.
        var current: Int?
        for report in reports {
            switch report {
            case .trialStarted(_, let trial): current = trial
            default: if let number = report.trialNumber { #expect(number == current, "\(report)") }
            }
        }
        // The pause and the switch both stopped comparison; each stop names the mode that stopped,
        // not the next one (quitting reports no stop, only the finish).
        let stops = reports.compactMap { if case .stopped(let mode, nil) = $0 { mode } else { nil } }
        #expect(stops == [.comparison, .comparison], "\(reports)")
        #expect(reports.compactMap(\.startedMode) == [.comparison, .matching])
    }
}
