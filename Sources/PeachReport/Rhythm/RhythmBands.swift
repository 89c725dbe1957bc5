import Foundation
import PeachCore

/// The rhythm items of issue 33: per tempo band, offset detection's threshold on each side of
/// the beat, and where matching taps land (which side, and how widely). An item with fewer than
/// `minimumTrials` trials has no estimate ("not enough data yet (N trials)"): the same rule and
/// estimators as the pitch intervals and registers, in percent of a sixteenth note.
public struct RhythmBands: Hashable, Sendable {
    public static let minimumTrials = IntervalThreshold.minimumTrials

    /// One side of offset detection in one band.
    public struct Side: Hashable, Sendable {
        public let trials: Int
        /// The offset heard 75 % of the time; nil below `minimumTrials`.
        public let threshold: ThresholdEstimate?
    }

    public struct Detection: Hashable, Sendable {
        public let band: RhythmTempoBand
        public let early: Side
        public let late: Side
    }

    /// Matching taps in one band. The side is where they land, not a condition of the trial, so
    /// it is read from the mean signed offset and its interval.
    public struct Matching: Hashable, Sendable {
        public let band: RhythmTempoBand
        public let taps: Int
        /// The taps' spread (SD) and mean signed offset; nil below `minimumTrials`.
        public let fit: MatchingSpreadFit.Result?
        /// The 95 % interval of the mean signed offset (normal, with the spread and the
        /// effective number of taps); nil with `fit`.
        public let bias: ClosedRange<Double>?

        /// Which side the taps land on, when the whole interval of their mean says so.
        public var side: RhythmDirection? {
            guard let bias else { return nil }
            if bias.upperBound < 0 { return .early }
            if bias.lowerBound > 0 { return .late }
            return nil
        }
    }

    /// Bands with trials, slowest first.
    public let detection: [Detection]
    public let matching: [Matching]

    /// Each record counts for its own tempo's band, recent trials weighted as the per-tempo
    /// estimates weigh them (by their place among the item's own trials).
    public init(detections: [RhythmOffsetDetectionRecord], matchings: [RhythmMatchingRecord], weighting: RecencyWeighting) {
        detection = Dictionary(grouping: detections) { RhythmTempoBand($0.tempo) }.sorted { $0.key < $1.key }.map { band, records in
            func side(_ direction: RhythmDirection) -> Side {
                let trials = records.filter { $0.offset.direction == direction }
                guard trials.count >= Self.minimumTrials else { return Side(trials: trials.count, threshold: nil) }
                var fit = RunningThresholdFit(weighting: weighting)
                for record in trials { fit.add(RhythmReport.observation(record)) }
                return Side(trials: trials.count, threshold: fit.estimate())
            }
            return Detection(band: band, early: side(.early), late: side(.late))
        }
        matching = Dictionary(grouping: matchings) { RhythmTempoBand($0.tempo) }.sorted { $0.key < $1.key }.map { band, records in
            guard records.count >= Self.minimumTrials,
                  let fit = RhythmReport.spread(records.map(RhythmReport.signedPercent), weighting) else {
                return Matching(band: band, taps: records.count, fit: nil, bias: nil)
            }
            return Matching(band: band, taps: records.count, fit: fit, bias: Self.biasInterval(fit))
        }
    }

    public var isEmpty: Bool { detection.isEmpty && matching.isEmpty }

    /// mean ± 1.96 · SD / √(effective taps): the weighted mean's own 95 % interval.
    static func biasInterval(_ fit: MatchingSpreadFit.Result) -> ClosedRange<Double>? {
        guard let spread = fit.spread.cents, fit.spread.effectiveTrials > 0 else { return nil }
        let half = 1.959_963_984_540_054 * spread / fit.spread.effectiveTrials.squareRoot()
        return (fit.bias - half)...(fit.bias + half)
    }
}
