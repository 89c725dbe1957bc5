import Foundation
import PeachCore

/// One pitch trial as the profile tallies it: when, in which discipline, at which reference
/// note, and what it showed. The store's reading pass makes these straight from the rows.
public struct PitchTrial: Sendable {
    public enum Value: Sendable {
        /// The signed cent offset and whether it was answered right.
        case comparison(offset: Double, isCorrect: Bool)
        /// The signed cent error the listener ended with.
        case matching(error: Double)
    }

    let time: Date
    let discipline: TrainingDiscipline
    let referenceNote: Int
    let value: Value
    /// What an interval trial trained (nil for unison, and where the pass did not read it).
    let interval: DirectedInterval?
    /// The tuning system's stored name, where `interval` is set.
    let tuningSystem: String?
    /// Whether the trial counts in its discipline's own figures: unisons and the iOS app's two
    /// tunings do; an interval in another tuning is another stimulus and counts only for its
    /// interval in that tuning (issue 32).
    let pooled: Bool

    /// The octave of the reference note as note names number it (60 = C4 → 4).
    var octave: Int { referenceNote / 12 - 1 }   // notes are 0…127: no negative division

    public init(time: Date, discipline: TrainingDiscipline, referenceNote: Int, value: Value,
         interval: DirectedInterval? = nil, tuningSystem: String? = nil, pooled: Bool = true) {
        self.time = time
        self.discipline = discipline
        self.referenceNote = referenceNote
        self.value = value
        self.interval = interval == .prime ? nil : interval
        self.tuningSystem = self.interval == nil ? nil : tuningSystem
        // A trial apart needs its interval and tuning to be counted anywhere at all.
        self.pooled = pooled || self.tuningSystem == nil
    }

    init(_ record: PitchComparisonRecord) {
        self.init(time: record.timestamp, discipline: record.discipline, referenceNote: record.referenceNote.rawValue,
                  value: .comparison(offset: record.centOffset.rawValue, isCorrect: record.isCorrect),
                  interval: DirectedInterval(record.interval, from: record.referenceNote, to: record.targetNote),
                  tuningSystem: record.tuningSystem.rawValue,
                  pooled: PerceptualProfile.tunedDisciplineName(record.discipline, in: record.tuningSystem) == nil)
    }

    init(_ record: PitchMatchingRecord) {
        self.init(time: record.timestamp, discipline: record.discipline, referenceNote: record.referenceNote.rawValue,
                  value: .matching(error: record.userCentError.rawValue),
                  interval: DirectedInterval(record.interval, from: record.referenceNote, to: record.targetNote),
                  tuningSystem: record.tuningSystem.rawValue,
                  pooled: PerceptualProfile.tunedDisciplineName(record.discipline, in: record.tuningSystem) == nil)
    }

    /// Records in memory as the store's pass reads them: oldest first; ties keep the order
    /// given, comparisons before matchings.
    static func inTimeOrder(comparisons: [PitchComparisonRecord], matchings: [PitchMatchingRecord]) -> [PitchTrial] {
        let all = comparisons.map(PitchTrial.init) + matchings.map(PitchTrial.init)
        return all.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }
}

extension TrainingDiscipline {
    /// 0…3 in `allCases` order: an index for per-discipline tallies read once per trial.
    var ordinal: Int {
        switch self {
        case .unisonComparison: 0
        case .intervalComparison: 1
        case .unisonMatching: 2
        case .intervalMatching: 3
        }
    }
}
