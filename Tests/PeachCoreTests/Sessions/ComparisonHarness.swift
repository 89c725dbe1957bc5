import Foundation
@testable import PeachCore
import PeachTestSupport

/// A comparison session wired to fakes: a manual clock, a recording player, in-memory settings.
struct ComparisonHarness {
    static let timestamp = Date(timeIntervalSince1970: 1_750_000_000)

    let clock = ManualClock()
    let player: RecordingNotePlayer
    let settings: MockUserSettings
    let observer = RecordingObserver()
    let profile: PerceptualProfile
    let session: PitchComparisonSession
    var events: EventReader<PitchComparisonEvent>

    init(intervals: Set<DirectedInterval> = [.prime], seed: UInt64 = 1, profile: PerceptualProfile = PerceptualProfile(),
         roundsToWholeCents: Bool = false, configure: (inout TrainingSettings) -> Void = { _ in }) throws {
        player = RecordingNotePlayer(clock: clock, roundsToWholeCents: roundsToWholeCents)
        settings = MockUserSettings(configure)
        self.profile = profile
        session = PitchComparisonSession(
            try PitchComparison(intervals: intervals, player: player, profile: profile, observers: [observer, profile],
                                now: { Self.timestamp }),
            settings: settings, resettables: [observer, profile], clock: clock, random: SessionRandom(SplitMix64(seed: seed)))
        events = EventReader(session.events())
    }

    mutating func waitFor(_ state: PitchComparisonState) async {
        _ = await events.next { if case .stateChanged(let s) = $0, s == state { s } else { nil } }
    }

    mutating func nextTrial() async -> PitchComparisonTrial? {
        await events.next { if case .trialStarted(let trial) = $0 { trial } else { nil } }
    }

    mutating func nextRecord() async -> PitchComparisonRecord? {
        await events.next { if case .trialCompleted(let record, _) = $0 { record } else { nil } }
    }

    /// Plays both notes to their end and returns the trial, now awaiting its answer.
    mutating func playTrialUntilAnswer() async -> PitchComparisonTrial? {
        let trial = await nextTrial()
        await clock.advanceWhenSleeping(by: settings.current.noteDuration.duration)
        await waitFor(.playingNote2)
        await clock.advanceWhenSleeping(by: settings.current.noteDuration.duration)
        await waitFor(.awaitingAnswer)
        return trial
    }
}
