import Foundation
import PeachCore

/// The rhythm estimates over time: per tempo, what `RhythmReport` would have said at the end of
/// each sitting with rhythm trials (records of either kind less than 30 minutes apart, the
/// profile's session gap). More than `maximumPoints` sittings are merged, consecutive ones
/// into equal groups, so a long history keeps a legible figure.
public struct RhythmHistory: Sendable {
    public struct Session: Hashable, Sendable {
        public let start: Date
        public let end: Date
        public let trials: Int
        /// How many sittings were merged into this one.
        public let sessions: Int
    }

    /// Where offset detection stood at one tempo after session `session` (an index into `sessions`).
    public struct DetectionPoint: Hashable, Sendable {
        public let session: Int
        /// nil for a side not trained yet.
        public let early: ThresholdEstimate?
        public let late: ThresholdEstimate?
    }

    /// Where the taps landed at one tempo after session `session`.
    public struct MatchingPoint: Hashable, Sendable {
        public let session: Int
        public let fit: MatchingSpreadFit.Result
    }

    public static let defaultMaximumPoints = 60

    public let sessions: [Session]
    /// Per tempo: a point for each session in which it was trained, oldest first.
    public let detection: [TempoBPM: [DetectionPoint]]
    public let matching: [TempoBPM: [MatchingPoint]]

    private enum Trial {
        case detection(RhythmOffsetDetectionRecord)
        case matching(RhythmMatchingRecord)

        var time: Date {
            switch self {
            case .detection(let record): record.timestamp
            case .matching(let record): record.timestamp
            }
        }
    }

    public init(detections: [RhythmOffsetDetectionRecord], matchings: [RhythmMatchingRecord],
                weighting: RecencyWeighting = .standard, sessionGap: TimeInterval = SessionEWMA.defaultSessionGap,
                maximumPoints: Int = defaultMaximumPoints) {
        let trials = (detections.map(Trial.detection) + matchings.map(Trial.matching))
            .enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        var fits: [RhythmProfileKey: RunningThresholdFit] = [:]
        var offsets: [TempoBPM: [Double]] = [:]
        var detection: [TempoBPM: [DetectionPoint]] = [:]
        var matching: [TempoBPM: [MatchingPoint]] = [:]
        var sessions: [Session] = []
        for group in Self.groups(Self.sittings(trials.map(\.time), gap: sessionGap), maximumPoints: maximumPoints) {
            var detected: Set<TempoBPM> = [], matched: Set<TempoBPM> = []
            for trial in trials[group.trials] {
                switch trial {
                case .detection(let record):
                    fits[record.profileKey, default: RunningThresholdFit(weighting: weighting)]
                        .add(RhythmReport.observation(record))
                    detected.insert(record.tempo)
                case .matching(let record):
                    offsets[record.tempo, default: []].append(RhythmReport.signedPercent(record))
                    matched.insert(record.tempo)
                }
            }
            let index = sessions.count
            for tempo in detected {
                func estimate(_ direction: RhythmDirection) -> ThresholdEstimate? {
                    fits[RhythmProfileKey(discipline: .offsetDetection, tempo: tempo, direction: direction)]?.estimate()
                }
                detection[tempo, default: []].append(DetectionPoint(session: index, early: estimate(.early),
                                                                    late: estimate(.late)))
            }
            for tempo in matched {
                if let fit = RhythmReport.spread(offsets[tempo] ?? [], weighting) {
                    matching[tempo, default: []].append(MatchingPoint(session: index, fit: fit))
                }
            }
            sessions.append(Session(start: trials[group.trials.lowerBound].time,
                                    end: trials[group.trials.upperBound - 1].time,
                                    trials: group.trials.count, sessions: group.sessions))
        }
        self.sessions = sessions
        self.detection = detection
        self.matching = matching
    }

    /// Each sitting as a range of trial indices: a gap of `gap` or more starts the next.
    private static func sittings(_ times: [Date], gap: TimeInterval) -> [Range<Int>] {
        guard !times.isEmpty else { return [] }
        var ranges: [Range<Int>] = []
        var start = 0
        for index in 1..<times.count where times[index].timeIntervalSince(times[index - 1]) >= gap {
            ranges.append(start..<index)
            start = index
        }
        ranges.append(start..<times.count)
        return ranges
    }

    /// Consecutive sittings merged into groups of equal size, about `maximumPoints` of them.
    private static func groups(_ sittings: [Range<Int>], maximumPoints: Int) -> [(trials: Range<Int>, sessions: Int)] {
        let limit = max(1, maximumPoints)
        let size = max(1, (sittings.count + limit - 1) / limit)
        return stride(from: 0, to: sittings.count, by: size).map { first in
            let last = min(first + size, sittings.count) - 1
            return (sittings[first].lowerBound..<sittings[last].upperBound, last - first + 1)
        }
    }
}
