import Foundation

/// The rhythm half of the profile. Values are percentages of a sixteenth note (unsigned), so a
/// tempo's figures read the same as what people are shown. Offset detection counts correct
/// answers only, as pitch comparison does; matching counts every tap's |offset|. Both go to
/// the side of the beat the offset lay on.
extension PerceptualProfile {
    /// Builds a profile from stored pitch and rhythm records, each discipline in timestamp order.
    public convenience init(comparisons: some Sequence<PitchComparisonRecord>, matchings: some Sequence<PitchMatchingRecord>,
                            rhythmDetections: some Sequence<RhythmOffsetDetectionRecord>,
                            rhythmMatchings: some Sequence<RhythmMatchingRecord>) {
        self.init(comparisons: comparisons, matchings: matchings)
        var samples: [(Date, RhythmProfileKey, Double)] = []
        for record in rhythmDetections where record.isCorrect {
            samples.append((record.timestamp, record.profileKey, Self.sample(record)))
        }
        for record in rhythmMatchings {
            samples.append((record.timestamp, record.profileKey, Self.sample(record)))
        }
        samples.sort { $0.0 < $1.0 }
        for (time, key, value) in samples { add(value, at: time, to: key) }
    }

    public func statistics(for key: RhythmProfileKey) -> DisciplineStatistics? {
        rhythmAccumulators.withLock { $0[key]?.statistics }
    }

    /// Every rhythm key with data, in report order.
    public var rhythmKeys: [RhythmProfileKey] {
        rhythmAccumulators.withLock { $0.keys.sorted() }
    }

    /// Adds one stored detection, as a completed trial would; in timestamp order.
    public func add(_ record: RhythmOffsetDetectionRecord) {
        guard record.isCorrect else { return }
        add(Self.sample(record), at: record.timestamp, to: record.profileKey)
    }

    /// Adds one stored matching; in timestamp order.
    public func add(_ record: RhythmMatchingRecord) {
        add(Self.sample(record), at: record.timestamp, to: record.profileKey)
    }

    public func add(_ percent: Double, at time: Date, to key: RhythmProfileKey) {
        rhythmAccumulators.withLock { $0[key, default: DisciplineAccumulator()].add(percent, at: time) }
    }

    static func sample(_ record: RhythmOffsetDetectionRecord) -> Double {
        abs(record.offset.percentOfSixteenth(at: record.tempo))
    }

    static func sample(_ record: RhythmMatchingRecord) -> Double {
        abs(record.userOffset.percentOfSixteenth(at: record.tempo))
    }
}

/// Lets a rhythm session start each side's track from where the listener stands.
public protocol RhythmProfileMeanProviding: Sendable {
    /// The mean in percent of a sixteenth, nil without data.
    func mean(for key: RhythmProfileKey) -> Double?
}

extension PerceptualProfile: RhythmProfileMeanProviding {
    public func mean(for key: RhythmProfileKey) -> Double? { statistics(for: key)?.mean }
}

extension PerceptualProfile: RhythmOffsetDetectionObserver {
    public func rhythmOffsetDetectionCompleted(_ record: RhythmOffsetDetectionRecord, answeredBy source: AnswerSource?) async throws {
        add(record)
    }
}

extension PerceptualProfile: RhythmMatchingObserver {
    public func rhythmMatchingCompleted(_ record: RhythmMatchingRecord, answeredBy source: AnswerSource?) async throws {
        add(record)
    }
}
