import ALSASequencer
import Foundation
import Logging
import PeachALSA
import PeachCore
import PeachRig
import PeachSettings
import PeachStore
import PeachTerminal
import PeachTrainer

/// Wires `peach train`: settings, store and profile, the sequencer client and its ports, the
/// note player and the cue, the sessions, the trainer, hot-plug, the terminal and the signals.
/// Everything it starts it also ends, in reverse order, whichever way training ends.
enum TrainComposition {
    /// - Parameter interruption: cancels the calling task until training runs; from then on
    ///   a signal ends training.
    /// - Parameter settingsWarnings: shown as notices while the presenter runs.
    /// - Parameter storeOpening: the store, opening since before the settings were read.
    /// - Parameter jobControl: the terminal's keys and Ctrl-Z handling; nil when stdin is no terminal.
    static func train(_ request: TrainingRequest, settings: LayeredUserSettings, settingsWarnings: SettingsWarningRelay,
                      storeOpening: Task<(TrainingStore, TrainingStart), any Error>, interruption: Interruption,
                      jobControl: JobControl?) async throws -> Trainer.Outcome {
        let log = LogComposition.logger("peach.train", verbose: request.verbose)
        let timeline = StartTimeline(log: log)
        timeline.mark("settings read")
        // The store first: a damaged database stops us before anything sounds.
        let (store, start) = try await storeOpening.value
        let (profile, thresholds) = (start.profile, start.thresholds)
        log.debug("store \(store.location) open, profile and threshold estimates loaded")
        timeline.mark("store open, profile loaded")
        let client = try SequencerComposition.openClient(realtimePriority: request.frontEnd.realtimePriority)
        defer { client.close() }
        log.debug("sequencer client \(client.clientID) open; it reads the controller at \(client.readerScheduling)")
        timeline.mark("sequencer client open")

        // One ordered way to the screen: notices from the port waiting and the hot-plug watch
        // appear in the order they happened, among the trainer's own reports.
        // A reader of the output that goes away ends training as a signal does.
        let shown = PresenterComposition.make(json: request.json, mode: request.mode,
                                              nearCents: request.frontEnd.feedback.nearCents, terminalKeys: jobControl != nil,
                                              closed: { interruption.interrupt() })
        let presenter = OrderedPresenter(shown)
        let notice: @Sendable (String) -> Void = { message in presenter.post(.notice(message)) }
        settingsWarnings.show(through: notice)
        // A trial waiting to be saved behind an import says so, on the screen where it is missed.
        store.onBusyWait(notice)
        defer { settingsWarnings.show(through: nil) }

        let statusLine = shown as? StatusLinePresenter
        let resizes = statusLine.map { statusLine in WindowResizeSignal { presenter.perform { await statusLine.resized() } } }
        defer { resizes?.cancel() }
        do {
            // The controller first: a misspelt --from fails before any synth is started, and
            // the ports it lists are the rig's, not those of a synth Peach started.
            let input = try await InputComposition.chooseInput(
                spec: request.inputSpec, client: client, frontEnd: request.frontEnd, terminal: jobControl != nil,
                waiting: notice)
            log.debug("input \(input?.label ?? "the terminal")")
            timeline.mark("input chosen")
            let output = try await OutputComposition.chooseOutput(
                spec: request.outputSpec, client: client, frontEnd: request.frontEnd, settings: settings.rig, waiting: notice)
            log.debug("output \(output.port.label)\(output.startedSynth.map { " (\($0.engine.name) started by Peach: \(output.choice?.reason ?? ""))" } ?? "")")
            timeline.mark("output chosen")
            // A synth we started is started again should it die, and does not outlive us.
            let keeper = output.startedSynth.flatMap { synth in
                output.launcher.map { launcher in
                    SynthKeeper(synth, launcher: launcher, client: client, notice: notice, gaveUp: { interruption.interrupt() })
                }
            }
            do {
                let outcome = try await train(request, settings: settings, store: store, profile: profile,
                                              thresholds: thresholds, client: client,
                                              output: output, input: input,
                                              jobControl: jobControl, presenter: presenter, statusLine: statusLine,
                                              notice: notice, interruption: interruption, log: log)
                await presenter.close()
                await keeper?.stop()
                if let lost = keeper?.failure { throw SynthLost(description: lost) }
                return outcome
            } catch {
                await keeper?.stop()
                throw error
            }
        } catch {
            // What comes next (the error, "stopped before training began") starts a line of its own.
            presenter.perform { await statusLine?.leaveLine() }
            await presenter.close()
            throw error
        }
    }

    // swiftlint:disable:next function_parameter_count
    private static func train(
        _ request: TrainingRequest, settings: LayeredUserSettings, store: TrainingStore, profile: PerceptualProfile,
        thresholds: LiveThresholds,
        client: SequencerClient, output chosen: ChosenOutput, input: SequencerPort?, jobControl: JobControl?,
        presenter: OrderedPresenter, statusLine: StatusLinePresenter?, notice: @escaping @Sendable (String) -> Void,
        interruption: Interruption, log: Logger
    ) async throws -> Trainer.Outcome {
        let timeline = StartTimeline(log: log)
        let output = chosen.port
        let interactive = jobControl != nil
        let feedback = request.frontEnd.feedback
        if let channel = feedback.channel, channel == settings.rig.midiChannel {
            throw SettingsConflict("feedback.channel \(channel.number) is the channel the notes play on (midi.channel): "
                + "choose another feedback channel, or off")
        }
        try client.connectOutput(to: output.address)
        // amsynth garbles what it reads together with the subscription notice: nothing goes to it for a moment.
        let noticeGap = chosen.profile.subscriptionNoticeGap
        await noticeGap.wait()
        // Rhythm taps are stamped on the output queue, the clock the clicks are scheduled on;
        // pitch runs stamp on the input queue (the pitch wheel's rate), which idles cheaper.
        let rhythm = request.mode.isRhythm
        let stampQueue = rhythm ? client.outputQueue : client.inputQueue
        if let input { try client.connectInput(from: input.address, timestampQueue: stampQueue) }
        timeline.mark("ports connected")

        var configuration = NotePlayerConfiguration(
            settings: settings.rig, bendResponse: chosen.profile.bendResponse,
            loudnessResponse: chosen.loudnessResponse)
        let sound = chosen.sound(configured: settings.rig.sound)
        configuration.sound = sound
        let player = ALSANotePlayer(output: client, configuration: configuration)
        try player.prepare()
        log.debug("synth set up: \(sound), bend range \(settings.rig.pitchBendRange)")
        timeline.mark("synth set up")
        let sessionPlayer = FirstNoteMark(player, timeline: timeline)
        let cue = feedback.channel.map { MIDIFeedbackCue(output: client, channel: $0, velocity: settings.training.velocity) }
        cue?.clear()
        // An unknown synth is taken as exact unless midi.pitchResolution declares its step.
        let wholeCents = chosen.profile.rendersWholeCents
        log.debug("pitch resolution of \(chosen.profile.name): \(wholeCents ? "whole cents" : "exact")")
        let floor = request.frontEnd.pitchResolution.difficultyFloor(synthRendersWholeCents: wholeCents)
        let strategy = KazezStrategy(minimum: floor)
        // The port and sound go with every trial of this run; the answering control comes with the trial.
        let recorder = store.recorder(rig: RigContext(outputPort: output.label, sound: sound))

        // The rig's tap latency for this pair of ports (peach calibrate), subtracted from every tap.
        let tapLatency = rhythm ? try calibration(output: output, input: input, store: store, notice: notice) : nil
        // The rhythm player holds the output queue running from here until the run ends: its
        // clock is the one clicks and taps are on.
        let rhythmPlayer = rhythm ? try ALSARhythmPlayer(output: client, sound: chosen.profile.clickSound(notesChannel: settings.rig.midiChannel)) : nil
        defer { try? rhythmPlayer?.close() }
        let rhythmSessions = rhythmPlayer.map {
            RhythmSessions(player: $0, settings: settings, tapLatency: tapLatency, profile: profile, recorder: recorder)
        }
        let intervals = request.intervals
        let pitchSettings: any UserSettings = request.tuning.map { TuningOverride(base: settings, tuning: $0) } ?? settings
        // --focus weak: where the profile says there is most to gain, read once before training.
        let focusReport = request.focus == .weak ? try store.profileReport() : nil
        let tuningSystem = (request.tuning ?? settings.training.activeTuning).identifier.rawValue
        let makeSession: Trainer.SessionFactory = { mode in
            let trained = mode.intervals(configured: intervals)
            if let session = rhythmSessions?.session(for: mode) { return session }
            if mode.isMatching {
                return .matching(PitchMatchingSession(
                    try PitchMatching(
                        intervals: trained, player: sessionPlayer, observers: [recorder, profile, thresholds], now: RecordTimestamp.now,
                        focus: focusReport?.weakFocus(intervals: Array(trained), tuningSystem: tuningSystem, matching: true)),
                    settings: pitchSettings, resettables: [recorder, profile, thresholds]))
            }
            return .comparison(PitchComparisonSession(
                try PitchComparison(
                    intervals: trained, player: sessionPlayer, strategy: strategy, profile: profile,
                    observers: [recorder, profile, thresholds], now: RecordTimestamp.now,
                    focus: focusReport?.weakFocus(intervals: Array(trained), tuningSystem: tuningSystem)),
                settings: pitchSettings, resettables: [recorder, profile, thresholds]))
        }
        // Port names are the clients' own: shown safe on the status line and in the log.
        let outputLabel = output.label.terminalSafe
        let inputLabel = input?.label.terminalSafe ?? (interactive ? "the terminal's keys" : nil)
        let rig = SequencerTrainerRig(
            client: client, settings: settings, controllerSource: input?.address, portLabels: (outputLabel, inputLabel),
            stampQueue: stampQueue, player: player, cue: cue, noticeGap: noticeGap)
        let trainer = Trainer(
            mode: request.mode, trialLimit: request.trialLimit, makeSession: makeSession, presenter: presenter, rig: rig,
            feedback: cue.map { TrainerFeedback(cue: $0, settings: feedback) },
            standings: ProfileStandings(profile: profile, thresholds: thresholds))

        // A signal during the start-up cancelled this task: stop before anything runs. Any
        // signal from here on, or one that came since, ends training cleanly.
        try Task.checkCancellation()
        await HotPlugComposition.supervise(output: output, input: input, client: client, trainer: trainer)
        // Controller events and port announcements go to the trainer's route on the reader
        // thread itself: an answer's note-off and a tuning bend leave from there.
        let route = trainer.route
        client.onInput { route.receive($0) }
        interruption.onInterrupt { trainer.finish() }
        if let jobControl {
            jobControl.terminal.deliver { route.receive($0) }
            // Ctrl-Z pauses first (nothing sounds while Peach is stopped) and leaves the line for
            // the shell; after fg the line shows again, paused: space goes on.
            jobControl.use(JobControl.Screen(
                beforeStop: { done in trainer.suspend { presenter.perform { await statusLine?.leaveLine(); done() } } },
                afterContinue: { presenter.perform { await statusLine?.redraw() } }))
        }
        defer { jobControl?.use(nil) }
        if interactive, !request.json {
            // Behind the start-up's notices, on a line of its own: the status line ("starting…")
            // is left first, or the help would continue it.
            let help = TerminalKeyMapping.help(
                columns: TerminalSize.columns(of: STDOUT_FILENO) ?? TerminalSize.defaultColumns, rhythm: rhythm) + "\n"
            presenter.perform {
                await statusLine?.leaveLine()
                FileDescriptorOutput.standardOutput.write(help)
            }
        }
        log.debug("training starts")
        timeline.mark("training starts")
        let outcome = await trainer.run()
        log.debug("training ended: \(outcome)")
        // The last note-offs are read before our client's close unsubscribes it.
        await noticeGap.wait()
        return outcome
    }
}

extension TrainComposition {
    /// The latest calibration of the two ports, said at start either way: a musician should know
    /// whether the offsets shown have the rig's delay taken out.
    static func calibration(output: SequencerPort, input: SequencerPort?, store: TrainingStore,
                            notice: @Sendable (String) -> Void) throws -> TapLatency? {
        guard let input else {
            notice("taps from the terminal's keys: timed when read, a few ms coarser than a pad; no calibration applies")
            return nil
        }
        guard let calibration = try store.latestCalibration(output: output.calibrationName, input: input.calibrationName) else {
            notice("no tap calibration for \(input.label.terminalSafe) with \(output.label.terminalSafe): taps are judged uncompensated "
                + "(run peach calibrate)")
            return nil
        }
        let spread = (calibration.spreadMilliseconds * 10).rounded() / 10
        notice("tap latency \(CentsText.milliseconds(calibration.latency.milliseconds)) (spread \(spread) ms) taken off "
            + "every tap, as calibrated for these ports")
        return calibration.latency
    }
}

/// Two settings that cannot hold together; printed as "Error: …", exit status 1.
struct SettingsConflict: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
