import Foundation
import PeachCore

extension ThresholdHistory {
    /// Counts sittings as times arrive in order: a gap of `gap` or more starts the next. The
    /// builder needs the count before the first trial, to know how many sittings make a point.
    public struct SessionCounter: Codable {
        let gap: TimeInterval
        public private(set) var sessions = 0
        private var last: Date?

        public init(gap: TimeInterval = SessionEWMA.defaultSessionGap) {
            self.gap = gap
        }

        public mutating func add(_ time: Date) {
            if let last, time.timeIntervalSince(last) < gap {} else { sessions += 1 }
            last = time
        }
    }

    /// Builds the history from trials handed over one at a time, oldest first: consecutive
    /// sittings are merged into groups of `size` (never across a long gap), and at the end of a
    /// group every discipline trained in it gets the estimate it had then.
    struct Builder: Codable {
        private struct Group: Codable {
            let start: Date
            var end: Date
            var trials = 0
            var sessions = 1
            var trained: [Bool] = [false, false, false, false]
        }

        let size: Int
        let sessionGap: TimeInterval
        private var answers: [DecayedAnswerBins]
        private var errors: [DecayedSpread]
        private var points: [TrainingDiscipline: [Point]] = [:]
        private var sessions: [Session] = []
        private var group: Group?

        init(sessionCount: Int, weighting: RecencyWeighting = .standard,
             sessionGap: TimeInterval = SessionEWMA.defaultSessionGap, maximumPoints: Int = defaultMaximumPoints) {
            let limit = max(1, maximumPoints)
            size = max(1, (sessionCount + limit - 1) / limit)
            self.sessionGap = sessionGap
            answers = Array(repeating: DecayedAnswerBins(weighting: weighting), count: 4)
            errors = Array(repeating: DecayedSpread(weighting: weighting), count: 4)
        }

        /// Adds the next trial; `table` is the one every fit of the report shares.
        mutating func add(_ trial: PitchTrial, table: inout ThresholdFitTable) {
            if var current = group {
                let gap = trial.time.timeIntervalSince(current.end)
                if gap >= sessionGap {
                    if current.sessions < size && gap < ThresholdHistory.longGap {
                        current.sessions += 1
                        group = current
                    } else {
                        close(current, table: table)
                        group = Group(start: trial.time, end: trial.time)
                    }
                }
            } else {
                group = Group(start: trial.time, end: trial.time)
            }
            let ordinal = trial.discipline.ordinal
            switch trial.value {
            case .comparison(let offset, let isCorrect):
                answers[ordinal].add(offset: offset, isCorrect: isCorrect, index: answers[ordinal].trials, table: &table)
            case .matching(let error):
                errors[ordinal].add(error, index: errors[ordinal].trials)
            }
            group!.end = trial.time
            group!.trials += 1
            group!.trained[ordinal] = true
        }

        func finish(table: ThresholdFitTable) -> ThresholdHistory {
            var copy = self
            if let group { copy.close(group, table: table) }
            return ThresholdHistory(sessions: copy.sessions, points: copy.points)
        }

        private mutating func close(_ group: Group, table: ThresholdFitTable) {
            let index = sessions.count
            for discipline in TrainingDiscipline.allCases where group.trained[discipline.ordinal] {
                let estimate = discipline.isComparison
                    ? answers[discipline.ordinal].estimate(table: table)
                    : errors[discipline.ordinal].fit()?.spread
                if let estimate { points[discipline, default: []].append(Point(session: index, estimate: estimate)) }
            }
            sessions.append(Session(start: group.start, end: group.end, trials: group.trials, sessions: group.sessions))
        }
    }
}
