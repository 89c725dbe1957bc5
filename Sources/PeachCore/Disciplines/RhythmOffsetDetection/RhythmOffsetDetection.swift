import Foundation

/// Rhythm offset detection: four sixteenths, the fourth early or late; "which was it?".
///
/// Early and late run independent Kazez tracks in percent of a sixteenth (per tempo, as the
/// tempo may change between trials); each trial picks its side at random. The four clicks go
/// to the player as one schedule, and the loop waits on the player's clock for the fourth:
/// an answer counts from the moment it sounds.
public struct RhythmOffsetDetection: SessionDiscipline {
    public typealias State = RhythmOffsetDetectionState
    public typealias Trial = RhythmOffsetDetectionTrial
    public typealias Event = RhythmOffsetDetectionEvent
    public typealias Record = RhythmOffsetDetectionRecord
    public typealias Outcome = (early: Bool, source: AnswerSource?)

    public enum Input: Sendable {
        case answer(early: Bool, source: AnswerSource?)
    }

    public struct Live: TrialLive {
        var answered = false

        public init() {}
    }

    public struct Run: Sendable {
        /// Each track's current offset in percent of a sixteenth; a side's first trial in a run
        /// starts from the profile.
        var percents: [RhythmProfileKey: Double] = [:]
        /// The tempo of the latest trial: where `currentPercent(for:)` looks.
        var latestTempo: TempoBPM?
        /// The running trial's track and its step.
        var pending: (key: RhythmProfileKey, percent: Double)?
    }

    let player: any RhythmPlayer
    let strategy: any RhythmDifficultyStrategy
    let profile: (any RhythmProfileMeanProviding)?
    let observers: [any RhythmOffsetDetectionObserver]
    let now: @Sendable () -> Date

    /// - Parameter profile: where each staircase starts (its mean); nil: the strategy's start.
    /// - Parameter now: the records' timestamps.
    public init(player: any RhythmPlayer, strategy: any RhythmDifficultyStrategy = RhythmKazezStrategy(),
                profile: (any RhythmProfileMeanProviding)? = nil, observers: [any RhythmOffsetDetectionObserver] = [],
                now: @escaping @Sendable () -> Date = Date.init) {
        (self.player, self.strategy, self.profile, self.observers, self.now) = (player, strategy, profile, observers, now)
    }

    public func newRun() -> Run { Run() }

    public func draw(number: Int, settings: TrainingSettings, run: inout Run, random: inout SessionRandom) throws -> Trial {
        let tempo = settings.rhythmTempo
        run.latestTempo = tempo
        let direction: RhythmDirection = Bool.random(using: &random) ? .early : .late
        let key = RhythmProfileKey(discipline: .offsetDetection, tempo: tempo, direction: direction)
        let percent = run.percents[key] ?? strategy.initialPercent(profileMean: profile?.mean(for: key))
        let offset = try RhythmOffset(percentOfSixteenth: direction == .early ? -percent : percent, at: tempo)
        let schedule = try player.schedule(try .sixteenths(4, at: tempo, lastOffset: offset,
                                                           velocity: settings.rhythmClickVelocity))
        run.pending = (key, percent)
        return RhythmOffsetDetectionTrial(number: number, tempo: tempo, offset: offset, schedule: schedule)
    }

    /// The clicks are already scheduled; waits for the fourth, then for the answer.
    public func present(_ trial: Trial, settings: TrainingSettings, live: LiveShell<Self>, clock: any Clock<Duration>,
                        inputs: inout TrialInputs<Input>.Iterator, isolation: isolated (any Actor)) async throws -> Outcome {
        live.transition(to: .playingClicks)
        try await player.sleep(until: trial.schedule.last)
        live.transition(to: .awaitingAnswer)
        switch try await inputs.next(of: trial.number, isolation: isolation) {
        case .answer(let early, let source): return (early, source)
        }
    }

    public func judge(_ outcome: Outcome, of trial: Trial, run: inout Run, live: LiveShell<Self>) -> TrialJudgement<Record> {
        .recorded(RhythmOffsetDetectionRecord(timestamp: now(), tempo: trial.tempo, offset: trial.offset,
                                              isCorrect: outcome.early == (trial.offset.direction == .early)),
                  answeredBy: outcome.source)
    }

    public func deliver(_ record: Record, answeredBy source: AnswerSource?) async throws {
        for observer in observers { try await observer.rhythmOffsetDetectionCompleted(record, answeredBy: source) }
    }

    public func completed(_ record: Record, run: inout Run) -> Event {
        if let (key, percent) = run.pending {
            run.percents[key] = strategy.nextPercent(after: percent, wasCorrect: record.isCorrect)
        }
        return .trialCompleted(record)
    }

    public func silence() {
        try? player.stopAll()
    }
}

extension RhythmOffsetDetectionTrial: NumberedTrial {}
extension RhythmOffsetDetectionState: SessionState {}
extension RhythmOffsetDetectionEvent: SessionEvents {}
