import ALSASequencer
import PeachALSA
import PeachCore
import PeachRig
import PeachSettings
import PeachTrainer

/// The trainer's rig on the sequencer client: the chosen ports, the settings' mapping, the
/// stamping queue's clock, and how a returning port is subscribed and the synth set up again.
struct SequencerTrainerRig: TrainerRig {
    let client: SequencerClient
    let settings: LayeredUserSettings
    let controllerSource: SequencerAddress?
    let portLabels: (output: String, input: String?)
    /// The queue the controller's events are stamped on: the output queue in rhythm runs (the
    /// clicks' clock), the input queue in pitch runs.
    let stampQueue: Int
    let player: ALSANotePlayer
    let cue: MIDIFeedbackCue?
    /// Quiet after subscribing to the synth again (see `SubscriptionNoticeGap`).
    let noticeGap: SubscriptionNoticeGap

    func controllerSettings() -> ControllerSettings { settings.rig.controller }

    /// A terminal key's tap is timed on the clock the controller's taps are stamped with.
    func inputTime() -> UInt64? {
        try? (stampQueue == client.outputQueue ? client.currentTime() : client.inputTime()).nanoseconds
    }

    /// A lost synth is not the end: the hot-plug supervisor resumes training when it is back.
    func isFatal(_ error: any Error) -> Bool { !(error is NotePlayerError) }

    func reconnect(_ addresses: [PortRole: SequencerAddress]) async throws {
        if let output = addresses[.output] {
            try client.connectOutput(to: output)
            await noticeGap.wait()
        }
        if let input = addresses[.input] { try client.connectInput(from: input, timestampQueue: stampQueue) }
        try player.prepare()
        cue?.clear()
    }
}

/// The profile's trends and statistics and the live threshold estimates, read after each trial.
struct ProfileStandings: TrainingStandings {
    let profile: PerceptualProfile
    let thresholds: LiveThresholds

    func standing(of discipline: TrainingDiscipline) -> DisciplineStanding {
        DisciplineStanding(trend: profile.statistics(for: discipline)?.trend, threshold: thresholds.estimate(for: discipline))
    }

    func standing(of discipline: TrainingDiscipline, in tuning: TuningIdentifier) -> DisciplineStanding {
        DisciplineStanding(trend: profile.statistics(for: discipline, in: tuning)?.trend,
                           threshold: thresholds.estimate(for: discipline, in: tuning))
    }

    func statistics(of key: RhythmProfileKey) -> DisciplineStatistics? {
        profile.statistics(for: key)
    }
}
