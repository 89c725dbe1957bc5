import Foundation
import PeachCore

/// What `peach profile` shows, computed from stored records: the profile's statistics per
/// discipline, the comparison threshold per reference note, and each discipline's EWMA over time.
public struct ProfileReport: Sendable {
    public struct NoteThreshold: Hashable, Sendable {
        public let note: MIDINote
        /// Mean |cent offset| of the correct answers with this reference note.
        public let meanCents: Double
        public let count: Int
    }

    public struct TimelinePoint: Hashable, Sendable {
        public let time: Date
        public let ewma: Double
    }

    public let statistics: [TrainingDiscipline: DisciplineStatistics]
    /// For the two comparison disciplines: reference notes with correct answers, lowest first.
    public let thresholdsByNote: [TrainingDiscipline: [NoteThreshold]]
    /// The EWMA after each value, per discipline, oldest first.
    public let timelines: [TrainingDiscipline: [TimelinePoint]]
    /// The threshold from every comparison trial and the spread of the matching errors, per
    /// discipline and register (the profile's figures above stay Peach's own).
    public let thresholds: ThresholdProfile
    /// The records, kept for what only the SVG needs (`thresholdHistory`), computed when asked.
    let comparisons: [PitchComparisonRecord]
    let matchings: [PitchMatchingRecord]
    /// The rhythm records' figures per tempo and side, and their history.
    public let rhythm: RhythmReport

    public init(comparisons: [PitchComparisonRecord], matchings: [PitchMatchingRecord],
                rhythm: RhythmReport = RhythmReport(detections: [], matchings: [])) {
        self.rhythm = rhythm
        self.comparisons = comparisons
        self.matchings = matchings
        let profile = PerceptualProfile(comparisons: comparisons, matchings: matchings)
        var statistics: [TrainingDiscipline: DisciplineStatistics] = [:]
        for discipline in TrainingDiscipline.allCases {
            statistics[discipline] = profile.statistics(for: discipline)
        }
        self.statistics = statistics
        thresholds = ThresholdProfile(comparisons: comparisons, matchings: matchings)

        let correct = comparisons.filter(\.isCorrect)
        var thresholds: [TrainingDiscipline: [NoteThreshold]] = [:]
        for discipline in [TrainingDiscipline.unisonComparison, .intervalComparison] {
            let byNote = Dictionary(grouping: correct.filter { $0.discipline == discipline }, by: \.referenceNote)
            let notes = byNote.keys.sorted()
            guard !notes.isEmpty else { continue }
            thresholds[discipline] = notes.map { note in
                let values = byNote[note]!.map { abs($0.centOffset.rawValue) }
                return NoteThreshold(note: note, meanCents: values.reduce(0, +) / Double(values.count), count: values.count)
            }
        }
        thresholdsByNote = thresholds

        // The same samples the profile uses, replayed in time order through the same EWMA.
        var samples: [(Date, TrainingDiscipline, Double)] =
            correct.map { ($0.timestamp, $0.discipline, abs($0.centOffset.rawValue)) }
            + matchings.map { ($0.timestamp, $0.discipline, abs($0.userCentError.rawValue)) }
        samples.sort { $0.0 < $1.0 }
        var averages: [TrainingDiscipline: SessionEWMA] = [:]
        var timelines: [TrainingDiscipline: [TimelinePoint]] = [:]
        for (time, discipline, value) in samples {
            averages[discipline, default: SessionEWMA()].add(value, at: time)
            timelines[discipline, default: []].append(TimelinePoint(time: time, ewma: averages[discipline]!.value!))
        }
        self.timelines = timelines
    }

    /// No pitch records (the rhythm ones are `rhythm.isEmpty`).
    public var isEmpty: Bool { statistics.isEmpty }

    /// Display names, in report order.
    static func title(of discipline: TrainingDiscipline) -> String {
        switch discipline {
        case .unisonComparison: "Unison comparison"
        case .intervalComparison: "Interval comparison"
        case .unisonMatching: "Unison matching"
        case .intervalMatching: "Interval matching"
        }
    }
}

extension TrainingStore {
    public func profileReport() throws(StoreError) -> ProfileReport {
        ProfileReport(comparisons: try records(of: "pitchComparison") { stored throws(StoreError) in try PitchComparisonRecord(stored: stored) },
                      matchings: try records(of: "pitchMatching") { stored throws(StoreError) in try PitchMatchingRecord(stored: stored) },
                      rhythm: try rhythmReport())
    }
}
