import PeachCore

/// The run's own record: the trial numbers it shows and the summary it ends with.
struct RunTally {
    /// The running (or last) trial's number in this run: the completed trials before it, plus
    /// one. A discarded trial (paused, switched, a port lost) so passes its number on to the
    /// next, and the last number shown is the count of completed trials the run ends with.
    private(set) var trialNumber = 0
    private(set) var completedTrials = 0
    /// Per discipline trained in this run: trials, results, the estimate before and after.
    private(set) var summary = RunSummary()

    mutating func trialStarted() {
        trialNumber = completedTrials + 1
    }

    /// Counts a completed trial of a discipline the summary has no entry for.
    mutating func trialCompleted() {
        completedTrials += 1
    }

    /// The first trial of a pitch discipline (in its tuning) in this run: its estimate before
    /// the run, the tuning's own where it keeps one.
    mutating func pitchTrialStarted(_ discipline: TrainingDiscipline, in tuning: TuningIdentifier,
                                    standings: any TrainingStandings) {
        trialStarted()
        guard entryIndex(discipline, tuning) == nil else { return }
        summary.entries.append(RunSummary.Entry(discipline: discipline,
                                                before: standings.standing(of: discipline, in: tuning).threshold,
                                                tuning: tuning))
    }

    /// Counts a completed pitch trial, with the estimate after it.
    mutating func pitchTrialCompleted(_ discipline: TrainingDiscipline, in tuning: TuningIdentifier,
                                      estimateAfter: ThresholdEstimate?, _ update: (inout RunSummary.Entry) -> Void) {
        completedTrials += 1
        if entryIndex(discipline, tuning) == nil {
            summary.entries.append(RunSummary.Entry(discipline: discipline, before: nil, tuning: tuning))
        }
        let index = entryIndex(discipline, tuning)!
        summary.entries[index].trials += 1
        summary.entries[index].after = estimateAfter
        update(&summary.entries[index])
    }

    private func entryIndex(_ discipline: TrainingDiscipline, _ tuning: TuningIdentifier) -> Int? {
        let tuning = RunSummary.Entry.tuning(of: discipline, tuning)
        return summary.entries.firstIndex { $0.discipline == discipline && $0.tuning == tuning }
    }

    /// Counts a completed rhythm trial at its tempo.
    mutating func rhythmTrialCompleted(_ discipline: RhythmDiscipline, at tempo: TempoBPM,
                                       _ update: (inout RunSummary.RhythmEntry) -> Void) {
        completedTrials += 1
        summary.tally(discipline, at: tempo, update)
    }
}
