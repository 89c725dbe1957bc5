import Foundation
@testable import PeachCore
import PeachTestSupport

extension RecordingRhythmPlayer {
    /// Waits until a task sleeps on the clock, then moves the clock to `instant`.
    func advanceWhenSleeping(to instant: RhythmInstant) async {
        await clock.waitForSleepers(1)
        clock.advance(by: .nanoseconds(instant.nanoseconds - now.nanoseconds))
    }
}

/// An offset detection session wired to fakes: a manual clock under a recording rhythm player.
struct DetectionHarness {
    static let timestamp = Date(timeIntervalSince1970: 1_750_000_000)

    let clock = ManualClock()
    let player: RecordingRhythmPlayer
    let settings: MockUserSettings
    let observer = RecordingRhythmObserver()
    let profile: PerceptualProfile
    let session: RhythmOffsetDetectionSession
    var events: EventReader<RhythmOffsetDetectionEvent>

    init(seed: UInt64 = 1, profile: PerceptualProfile = PerceptualProfile(),
         configure: (inout TrainingSettings) -> Void = { _ in }) {
        player = RecordingRhythmPlayer(clock: clock)
        settings = MockUserSettings(configure)
        self.profile = profile
        session = RhythmOffsetDetectionSession(
            RhythmOffsetDetection(player: player, profile: profile, observers: [observer, profile], now: { Self.timestamp }),
            settings: settings, resettables: [observer, profile], clock: clock, random: SessionRandom(SplitMix64(seed: seed)))
        events = EventReader(session.events())
    }

    mutating func waitFor(_ state: RhythmOffsetDetectionState) async {
        _ = await events.next { if case .stateChanged(let s) = $0, s == state { s } else { nil } }
    }

    mutating func nextRecord() async -> RhythmOffsetDetectionRecord? {
        await events.next { if case .trialCompleted(let record) = $0 { record } else { nil } }
    }

    /// Lets the four clicks sound and returns the trial, now awaiting its answer.
    mutating func playClicks() async -> RhythmOffsetDetectionTrial? {
        let trial = await events.next { if case .trialStarted(let trial) = $0 { trial } else { nil } }
        await waitFor(.playingClicks)
        if let trial { await player.advanceWhenSleeping(to: trial.schedule.last) }
        await waitFor(.awaitingAnswer)
        return trial
    }

    /// Answers the trial (rightly or wrongly), lets the feedback pass; returns the trial and its record.
    mutating func runTrial(correctly: Bool) async -> (RhythmOffsetDetectionTrial, RhythmOffsetDetectionRecord)? {
        guard let trial = await playClicks() else { return nil }
        let early = trial.offset.direction == .early
        session.answer(early: correctly ? early : !early)
        guard let record = await nextRecord() else { return nil }
        await waitFor(.showingFeedback)
        await clock.advanceWhenSleeping(by: RhythmOffsetDetectionSession.feedbackDuration)
        return (trial, record)
    }
}

/// A matching session wired to fakes: a manual clock under a recording rhythm player.
struct RhythmMatchingHarness {
    static let timestamp = Date(timeIntervalSince1970: 1_750_000_000)

    let clock = ManualClock()
    let player: RecordingRhythmPlayer
    let settings: MockUserSettings
    let observer = RecordingRhythmObserver()
    let profile = PerceptualProfile()
    let session: RhythmMatchingSession
    var events: EventReader<RhythmMatchingEvent>

    init(tapLatency: TapLatency? = nil, configure: (inout TrainingSettings) -> Void = { _ in }) {
        player = RecordingRhythmPlayer(clock: clock)
        settings = MockUserSettings(configure)
        session = RhythmMatchingSession(
            RhythmMatching(player: player, tapLatency: tapLatency, observers: [observer, profile], now: { Self.timestamp }),
            settings: settings, resettables: [observer, profile], clock: clock)
        events = EventReader(session.events())
    }

    mutating func waitFor(_ state: RhythmMatchingState) async {
        _ = await events.next { if case .stateChanged(let s) = $0, s == state { s } else { nil } }
    }

    mutating func nextRecord() async -> RhythmMatchingRecord? {
        await events.next { if case .trialCompleted(let record) = $0 { record } else { nil } }
    }

    /// Lets the three clicks sound and returns the trial, now awaiting the tap.
    mutating func playClicks() async -> RhythmMatchingTrial? {
        let trial = await events.next { if case .trialStarted(let trial) = $0 { trial } else { nil } }
        await waitFor(.playingClicks)
        if let trial { await player.advanceWhenSleeping(to: trial.schedule.last) }
        await waitFor(.awaitingTap)
        return trial
    }

    /// Lets a trial's clicks sound and its window close without a counted tap (`tapAt`, if any,
    /// lands outside it); returns the trial once it is reported missed.
    mutating func missTrial(tapAt offset: Duration? = nil) async -> RhythmMatchingTrial? {
        guard let trial = await playClicks() else { return nil }
        if let offset { _ = session.tap(at: trial.expected.advanced(by: offset)) }
        await player.advanceWhenSleeping(to: trial.closing)
        return await events.next { if case .tapMissed(let missed) = $0 { missed } else { nil } }
    }

    /// Lets the feedback after a trial pass; false (at once, rather than waiting for ever) when
    /// the session went anywhere else, e.g. stopped.
    @discardableResult
    mutating func passFeedback() async -> Bool {
        let next = await events.next { if case .stateChanged(let state) = $0 { state } else { nil } }
        guard next == .showingFeedback else { return false }
        await clock.advanceWhenSleeping(by: RhythmMatchingSession.feedbackDuration)
        return true
    }
}

