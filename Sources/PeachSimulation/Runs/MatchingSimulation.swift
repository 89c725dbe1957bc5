import PeachCore

/// Runs a simulated listener through a real `PitchMatchingSession` (silent player, virtual
/// clock, seeded randomness): once the reference has sounded, the listener moves the control
/// to where its aim (and motor noise) puts the note and commits. Returns the records.
public enum MatchingSimulation {
    public static func run(_ listener: MatchingListener, trials: Int, seed: UInt64,
                           intervals: Set<DirectedInterval> = [.prime]) async throws -> [PitchMatchingRecord] {
        guard trials > 0 else { return [] }
        let clock = VirtualClock()
        let stamps = RecordStamps()
        let session = PitchMatchingSession(
            try PitchMatching(intervals: intervals, player: SilentNotePlayer(clock: clock), now: { stamps.next() }),
            settings: TrainingSettings.defaults, clock: clock, random: SessionRandom(SeededRandom(seed: seed)))
        var listenerRandom = SeededRandom(seed: seed ^ 0x5EED_0F_7A57E)
        let events = session.events()
        await session.start()
        var records: [PitchMatchingRecord] = []
        var current: PitchMatchingTrial?
        var committed = 0
        for await event in events {
            switch event {
            case .trialStarted(let trial):
                current = trial
            case .stateChanged(.awaitingTouch):
                guard let trial = current, trial.number != committed else { break }
                committed = trial.number
                let position = listener.controlPosition(for: trial, using: &listenerRandom)
                let taken = (position.map { session.adjust(to: $0) } ?? true) && session.commit()
                guard taken else {
                    await session.stop()
                    throw SimulationError("the session refused the control in trial \(trial.number)")
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
