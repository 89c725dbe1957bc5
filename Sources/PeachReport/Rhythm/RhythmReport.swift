import Foundation
import PeachCore

/// The rhythm half of `peach profile`, from the stored rhythm records: per tempo and per side
/// of the beat, in percent of a sixteenth note at that tempo, as the musician reads it.
///
/// Offset detection: per side, the offset heard 75 % of the time, fitted from every trial
/// (right and wrong) as pitch comparison's threshold is. Matching: where the taps land, their
/// mean signed offset and their spread (SD), as pitch matching's bias and spread. Both weight
/// recent trials as the pitch estimates do (`RecencyWeighting.standard`).
public struct RhythmReport: Sendable {
    /// One side of offset detection at one tempo.
    public struct DetectionSide: Hashable, Sendable {
        /// Trials on this side, right and wrong.
        public let trials: Int
        /// The offset heard 75 % of the time; nil without trials.
        public let threshold: ThresholdEstimate?
        /// The profile's figures (correct answers only), nil without a correct answer.
        public let statistics: DisciplineStatistics?
    }

    public struct DetectionTempo: Hashable, Sendable {
        public let tempo: TempoBPM
        public let early: DetectionSide
        public let late: DetectionSide
        public var trials: Int { early.trials + late.trials }
    }

    public struct MatchingTempo: Hashable, Sendable {
        public let tempo: TempoBPM
        public let taps: Int
        /// The taps' spread (SD) around their own mean, with the signed mean (negative early).
        public let fit: MatchingSpreadFit.Result
        /// The profile's figures of |offset| per side, nil when no tap landed there.
        public let early: DisciplineStatistics?
        public let late: DisciplineStatistics?
        /// Taps on each side (on the beat counts as late, as the records' direction does).
        public let earlyTaps: Int
        public let lateTaps: Int
    }

    /// Tempos with trials, slowest first.
    public let detection: [DetectionTempo]
    public let matching: [MatchingTempo]
    public let history: RhythmHistory
    /// Per tempo band and side, shown only where the trials support it (issue 33).
    public let bands: RhythmBands

    public init(detections: [RhythmOffsetDetectionRecord], matchings: [RhythmMatchingRecord],
                weighting: RecencyWeighting = .standard) {
        let profile = PerceptualProfile(comparisons: [], matchings: [], rhythmDetections: detections,
                                        rhythmMatchings: matchings)
        detection = Dictionary(grouping: detections, by: \.tempo).sorted { $0.key < $1.key }.map { tempo, records in
            func side(_ direction: RhythmDirection) -> DetectionSide {
                let trials = records.filter { $0.offset.direction == direction }
                var fit = RunningThresholdFit(weighting: weighting)
                for record in trials { fit.add(Self.observation(record)) }
                return DetectionSide(trials: trials.count, threshold: fit.estimate(), statistics: profile.statistics(
                    for: RhythmProfileKey(discipline: .offsetDetection, tempo: tempo, direction: direction)))
            }
            return DetectionTempo(tempo: tempo, early: side(.early), late: side(.late))
        }
        matching = Dictionary(grouping: matchings, by: \.tempo).sorted { $0.key < $1.key }.compactMap { tempo, records in
            guard let fit = Self.spread(records.map(Self.signedPercent), weighting) else { return nil }
            func statistics(_ direction: RhythmDirection) -> DisciplineStatistics? {
                profile.statistics(for: RhythmProfileKey(discipline: .matching, tempo: tempo, direction: direction))
            }
            let early = records.filter { $0.userOffset.direction == .early }.count
            return MatchingTempo(tempo: tempo, taps: records.count, fit: fit, early: statistics(.early),
                                 late: statistics(.late), earlyTaps: early, lateTaps: records.count - early)
        }
        history = RhythmHistory(detections: detections, matchings: matchings, weighting: weighting)
        bands = RhythmBands(detections: detections, matchings: matchings, weighting: weighting)
    }

    public var isEmpty: Bool { detection.isEmpty && matching.isEmpty }

    /// Every tempo with rhythm trials of either kind, slowest first.
    public var tempos: [TempoBPM] { Set(detection.map(\.tempo) + matching.map(\.tempo)).sorted() }

    /// A detection trial as the threshold fit sees it: the offset's size in percent, right or wrong.
    static func observation(_ record: RhythmOffsetDetectionRecord) -> ComparisonObservation {
        ComparisonObservation(offset: abs(record.offset.percentOfSixteenth(at: record.tempo)), isCorrect: record.isCorrect)
    }

    static func signedPercent(_ record: RhythmMatchingRecord) -> Double {
        record.userOffset.percentOfSixteenth(at: record.tempo)
    }

    /// `MatchingSpreadFit` on the offsets, the newest weighted 1 and older ones less, as the
    /// pitch matching spread is; offsets 40 half-lives old (weight < 10⁻¹²) are left out.
    static func spread(_ offsets: [Double], _ weighting: RecencyWeighting) -> MatchingSpreadFit.Result? {
        let recent = weighting.halfLife.isInfinite ? offsets[...] : offsets.suffix(Int(min(40 * weighting.halfLife, 1e9)))
        let weights = weighting.weights(count: recent.count)
        return MatchingSpreadFit.estimate(errors: zip(recent, weights).map { ($0, $1) })
    }
}
