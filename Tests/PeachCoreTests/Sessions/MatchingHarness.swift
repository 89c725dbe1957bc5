import Foundation
@testable import PeachCore
import PeachTestSupport

/// A matching session wired to fakes: a manual clock, a recording player, in-memory settings.
struct MatchingHarness {
    static let timestamp = Date(timeIntervalSince1970: 1_750_000_000)

    let clock = ManualClock()
    let player: RecordingNotePlayer
    let settings: MockUserSettings
    let observer = RecordingObserver()
    let session: PitchMatchingSession
    var events: EventReader<PitchMatchingEvent>

    init(intervals: Set<DirectedInterval> = [.prime], seed: UInt64 = 1, roundsToWholeCents: Bool = false,
         configure: (inout TrainingSettings) -> Void = { _ in }) throws {
        player = RecordingNotePlayer(clock: clock, roundsToWholeCents: roundsToWholeCents)
        settings = MockUserSettings(configure)
        session = PitchMatchingSession(
            try PitchMatching(intervals: intervals, player: player, observers: [observer], now: { Self.timestamp }),
            settings: settings, resettables: [observer], clock: clock, random: SessionRandom(SplitMix64(seed: seed)))
        events = EventReader(session.events())
    }

    mutating func waitFor(_ state: PitchMatchingState) async {
        _ = await events.next { if case .stateChanged(let s) = $0, s == state { s } else { nil } }
    }

    mutating func nextRecord() async -> PitchMatchingRecord? {
        await events.next { if case .trialCompleted(let record, _) = $0 { record } else { nil } }
    }

    /// Plays the reference to its end and returns the trial, now awaiting the touch.
    mutating func playReference() async -> PitchMatchingTrial? {
        let trial = await events.next { if case .trialStarted(let trial) = $0 { trial } else { nil } }
        await finishReference()
        return trial
    }

    /// Lets the sounding reference end.
    mutating func finishReference() async {
        await clock.advanceWhenSleeping(by: settings.current.noteDuration.duration)
        await waitFor(.awaitingTouch)
    }
}
