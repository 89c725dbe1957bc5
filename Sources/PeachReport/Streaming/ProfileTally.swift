import Foundation
import PeachCore

/// Everything `peach profile` shows about pitch, tallied from the trials as they are read,
/// oldest first, so no record need be held: the profile's running statistics, each
/// discipline's threshold or spread (overall and per register) and where it stood a week before
/// `now`, the mean |offset| of the correct answers per reference note, and the history.
public struct ProfileTally {
    /// One discipline's estimate: answers per offset bin (comparison) or the errors' spread
    /// (matching), each trial weighted by its place in the discipline.
    struct Estimator: Codable {
        var answers: DecayedAnswerBins
        var errors: DecayedSpread

        init(_ weighting: RecencyWeighting) {
            answers = DecayedAnswerBins(weighting: weighting)
            errors = DecayedSpread(weighting: weighting)
        }

        mutating func add(_ value: PitchTrial.Value, index: Int, table: inout ThresholdFitTable) {
            switch value {
            case .comparison(let offset, let isCorrect):
                answers.add(offset: offset, isCorrect: isCorrect, index: index, table: &table)
            case .matching(let error):
                errors.add(error, index: index)
            }
        }

        var trials: Int { answers.trials + errors.trials }

        /// The estimate as of discipline trial `newest`, and the matching bias.
        func estimate(asOf newest: Int, table: ThresholdFitTable) -> (ThresholdEstimate, bias: Double?)? {
            if answers.trials > 0 { return answers.estimate(asOf: newest, table: table).map { ($0, nil) } }
            return errors.fit(asOf: newest).map { ($0.spread, $0.bias) }
        }
    }

    struct DisciplineTally: Codable {
        var trials = 0
        var whole: Estimator
        var registers: [Int: Estimator] = [:]
        /// The whole estimator as it stood before the first trial of the last week; set once.
        var weekAgo: Estimator?
        var tookWeekAgo = false
        var trialsThisWeek = 0
    }

    let weighting: RecencyWeighting
    /// Trials from this time on are "this week".
    let weekStart: Date
    // What the store keeps between runs (ProfileTally+Snapshot): every property but the dates.
    var table = ThresholdFitTable()
    /// The profile's running figures and the live estimates' latest trials: what a training starts from.
    public internal(set) var training: TrainingStartTally
    var disciplines: [DisciplineTally]
    /// Per comparison discipline (0, 1) and reference note: Σ |offset| and count of correct answers.
    var notes: [[(sum: Double, count: Int)]]
    /// Nil when the report's history is not wanted.
    var history: ThresholdHistory.Builder?
    /// Per interval, and per window of days (issue 33).
    var items: ItemTally

    /// `sessionCount`: the sittings of the history; nil for a report without one.
    public init(sessionCount: Int?, now: Date, weighting: RecencyWeighting = .standard) {
        self.weighting = weighting
        weekStart = now.addingTimeInterval(-7 * 86_400)
        training = TrainingStartTally(weighting: weighting)
        disciplines = Array(repeating: DisciplineTally(whole: Estimator(weighting)), count: 4)
        notes = Array(repeating: Array(repeating: (0, 0), count: 128), count: 2)
        history = sessionCount.map { ThresholdHistory.Builder(sessionCount: $0, weighting: weighting) }
        items = ItemTally(now: now, weighting: weighting)
    }

    /// Adds the next trial: oldest first, ties in the order they were stored, comparisons first.
    public mutating func add(_ trial: PitchTrial) {
        training.add(trial)
        guard trial.pooled else {
            items.addApart(trial, table: &table)
            return
        }
        let ordinal = trial.discipline.ordinal
        // In place: a copy of the tally would copy its bins on every write.
        if trial.time >= weekStart {
            if !disciplines[ordinal].tookWeekAgo {
                disciplines[ordinal].tookWeekAgo = true
                disciplines[ordinal].weekAgo = disciplines[ordinal].trials > 0 ? disciplines[ordinal].whole : nil
            }
            disciplines[ordinal].trialsThisWeek += 1
        }
        let index = disciplines[ordinal].trials
        disciplines[ordinal].trials += 1
        disciplines[ordinal].whole.add(trial.value, index: index, table: &table)
        disciplines[ordinal].registers[trial.octave, default: Estimator(weighting)].add(trial.value, index: index,
                                                                                          table: &table)
        if case .comparison(let offset, true) = trial.value {
            notes[ordinal][trial.referenceNote].sum += abs(offset)
            notes[ordinal][trial.referenceNote].count += 1
        }
        history?.add(trial, table: &table)
        items.add(trial, index: index, table: &table)
    }

    public func report(rhythm: RhythmReport) -> ProfileReport {
        var statistics: [TrainingDiscipline: DisciplineStatistics] = [:]
        var thresholds: [TrainingDiscipline: DisciplineThreshold] = [:]
        var changes: [TrainingDiscipline: ProfileReport.WeeklyChange] = [:]
        for discipline in TrainingDiscipline.allCases {
            statistics[discipline] = training.profile.statistics(for: discipline)
            let tally = disciplines[discipline.ordinal]
            let newest = tally.trials - 1
            guard tally.trials > 0, let (estimate, bias) = tally.whole.estimate(asOf: newest, table: table) else { continue }
            let registers = tally.registers.keys.sorted().map { octave in
                let register = tally.registers[octave]!
                let enough = register.trials >= ThresholdProfile.minimumTrialsPerRegister
                return DisciplineThreshold.Register(
                    octave: octave, trials: register.trials,
                    estimate: enough ? register.estimate(asOf: newest, table: table)?.0 : nil)
            }
            thresholds[discipline] = DisciplineThreshold(discipline: discipline, estimate: estimate, bias: bias,
                                                         registers: registers)
            let before = tally.tookWeekAgo ? tally.weekAgo : tally.whole
            changes[discipline] = ProfileReport.WeeklyChange(
                weekAgo: before.flatMap { $0.estimate(asOf: $0.trials - 1, table: table)?.0 },
                trialsThisWeek: tally.trialsThisWeek)
        }
        var byNote: [TrainingDiscipline: [ProfileReport.NoteThreshold]] = [:]
        for discipline in [TrainingDiscipline.unisonComparison, .intervalComparison] {
            let notes = self.notes[discipline.ordinal].enumerated().compactMap { number, tally -> ProfileReport.NoteThreshold? in
                guard tally.count > 0, let note = try? MIDINote(number) else { return nil }
                return ProfileReport.NoteThreshold(note: note, meanCents: tally.sum / Double(tally.count), count: tally.count)
            }
            if !notes.isEmpty { byNote[discipline] = notes }
        }
        var report = ProfileReport(statistics: statistics, thresholdsByNote: byNote,
                                   thresholds: ThresholdProfile(disciplines: thresholds), weeklyChange: changes,
                                   history: history?.finish(table: table) ?? ThresholdHistory(sessions: [], points: [:]),
                                   rhythm: rhythm)
        items.finish(into: &report, newest: disciplines.map { $0.trials - 1 }, table: table)
        return report
    }
}
