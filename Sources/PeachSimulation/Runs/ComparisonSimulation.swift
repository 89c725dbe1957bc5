import PeachCore

/// Runs a simulated listener through a real `PitchComparisonSession` (silent player, virtual
/// clock, seeded randomness) and returns the records the session produced, as a store would
/// keep them. The same seed gives the same records.
public enum ComparisonSimulation {
    /// - Parameters:
    ///   - trials: how many completed trials to collect (> 0).
    ///   - seed: drives the session's choices and, on a stream of its own, the listener's.
    public static func run(_ listener: ComparisonListener, trials: Int, seed: UInt64,
                           intervals: Set<DirectedInterval> = [.prime],
                           strategy: any DifficultyStrategy = KazezStrategy()) async throws -> [PitchComparisonRecord] {
        try await run(trials: trials, seed: seed, intervals: intervals, strategy: strategy) { trial, random in
            listener.answersHigher(to: trial.centOffset.rawValue, using: &random)
        }
    }

    /// As above, for a listener whose answer depends on more than the offset (the interval, or
    /// how far into the run the trial is): `answer` says "higher?" to each trial. `profile` gives
    /// the first trial's difficulty, as the stored profile does in `peach train`.
    public static func run(trials: Int, seed: UInt64, intervals: Set<DirectedInterval>,
                           strategy: any DifficultyStrategy = KazezStrategy(), focus: WeakFocus? = nil,
                           profile: (any ProfileMeanProviding)? = nil,
                           answer: (PitchComparisonTrial, inout SeededRandom) -> Bool) async throws -> [PitchComparisonRecord] {
        guard trials > 0 else { return [] }
        let clock = VirtualClock()
        let stamps = RecordStamps()
        let session = PitchComparisonSession(
            try PitchComparison(intervals: intervals, player: SilentNotePlayer(clock: clock), strategy: strategy,
                                profile: profile, now: { stamps.next() }, focus: focus),
            settings: TrainingSettings.defaults, clock: clock, random: SessionRandom(SeededRandom(seed: seed)))
        var listenerRandom = SeededRandom(seed: seed ^ 0x5EED_0F_7A57E)
        let events = session.events()
        await session.start()
        var records: [PitchComparisonRecord] = []
        var current: PitchComparisonTrial?
        var answered = 0
        for await event in events {
            switch event {
            case .trialStarted(let trial):
                current = trial
            case .stateChanged(.playingNote2), .stateChanged(.awaitingAnswer):
                guard let trial = current, trial.number != answered else { break }
                answered = trial.number
                let higher = answer(trial, &listenerRandom)
                guard session.answer(higher: higher) else {
                    await session.stop()
                    throw SimulationError("the session refused the answer to trial \(trial.number)")
                }
            case .trialCompleted(let record, _):
                records.append(record)
                if records.count == trials {
                    await session.stop()
                    return records
                }
            case .stopped(let reason):
                throw SimulationError("the session stopped after \(records.count) trials: \(reason)")
            default:
                break
            }
        }
        throw SimulationError("the session's events ended after \(records.count) trials")
    }
}
