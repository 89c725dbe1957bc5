import Foundation

/// The threshold (comparison) or spread (matching) of every discipline with trials, from the
/// stored records: the figure a musician can trust, beside the profile's running means.
public struct ThresholdProfile: Hashable, Sendable {
    /// A register is estimated on its own from this many trials on.
    public static let minimumTrialsPerRegister = 30

    public let disciplines: [TrainingDiscipline: DisciplineThreshold]

    /// Records in any order; ties in time keep the order given (the order they were stored).
    public init(comparisons: [PitchComparisonRecord], matchings: [PitchMatchingRecord],
                weighting: RecencyWeighting = .standard) {
        var result: [TrainingDiscipline: DisciplineThreshold] = [:]
        for discipline in [TrainingDiscipline.unisonComparison, .intervalComparison] {
            let records = Self.inTimeOrder(comparisons.filter { $0.discipline == discipline }, \.timestamp)
            guard let estimate = Self.comparisonEstimate(records, weighting) else { continue }
            let registers = Self.registers(records, weighting) { Self.comparisonEstimate($0) }
            result[discipline] = DisciplineThreshold(discipline: discipline, estimate: estimate, bias: nil, registers: registers)
        }
        for discipline in [TrainingDiscipline.unisonMatching, .intervalMatching] {
            let records = Self.inTimeOrder(matchings.filter { $0.discipline == discipline }, \.timestamp)
            guard let fit = Self.matchingFit(records, weighting) else { continue }
            let registers = Self.registers(records, weighting) { Self.matchingFit($0)?.spread }
            result[discipline] = DisciplineThreshold(discipline: discipline, estimate: fit.spread, bias: fit.bias,
                                                     registers: registers)
        }
        disciplines = result
    }

    static func comparisonEstimate(_ records: [PitchComparisonRecord], _ weighting: RecencyWeighting) -> ThresholdEstimate? {
        comparisonEstimate(Array(zip(records, weighting.weights(count: records.count))))
    }

    static func comparisonEstimate(_ weighted: [(PitchComparisonRecord, Double)]) -> ThresholdEstimate? {
        ThresholdFit.estimate(weighted.map { record, weight in
            ComparisonObservation(offset: record.centOffset.rawValue, isCorrect: record.isCorrect, weight: weight)
        })
    }

    static func matchingFit(_ records: [PitchMatchingRecord], _ weighting: RecencyWeighting) -> MatchingSpreadFit.Result? {
        matchingFit(Array(zip(records, weighting.weights(count: records.count))))
    }

    static func matchingFit(_ weighted: [(PitchMatchingRecord, Double)]) -> MatchingSpreadFit.Result? {
        MatchingSpreadFit.estimate(errors: weighted.map { ($0.userCentError.rawValue, $1) })
    }

    /// Per octave of the reference note. Each trial keeps the weight it has in its discipline
    /// (by the discipline's later trials, not the register's): a register trained less often
    /// is not judged by older trials than the others, only by fewer.
    private static func registers<Record>(_ records: [Record], _ weighting: RecencyWeighting,
                                          estimate: ([(Record, Double)]) -> ThresholdEstimate?)
        -> [DisciplineThreshold.Register] where Record: RegisterPlaced {
        let weighted = Array(zip(records, weighting.weights(count: records.count)))
        let byOctave = Dictionary(grouping: weighted, by: { $0.0.referenceOctave })
        return byOctave.keys.sorted().map { octave in
            let group = byOctave[octave]!
            let enough = group.count >= minimumTrialsPerRegister
            return DisciplineThreshold.Register(octave: octave, trials: group.count, estimate: enough ? estimate(group) : nil)
        }
    }

    static func inTimeOrder<Record>(_ records: [Record], _ time: KeyPath<Record, Date>) -> [Record] {
        records.enumerated()
            .sorted { ($0.element[keyPath: time], $0.offset) < ($1.element[keyPath: time], $1.offset) }
            .map(\.element)
    }
}

/// A record whose reference note places it in a register.
protocol RegisterPlaced {
    var referenceNote: MIDINote { get }
}

extension RegisterPlaced {
    /// The octave of the reference note as note names number it (60 = C4 → 4).
    var referenceOctave: Int { referenceNote.rawValue.floorDivided(by: 12) - 1 }
}

extension PitchComparisonRecord: RegisterPlaced {}
extension PitchMatchingRecord: RegisterPlaced {}
