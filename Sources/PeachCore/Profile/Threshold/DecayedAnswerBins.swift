import Foundation

/// Comparison answers tallied per 2 % offset bin as they are read, each weighted by how recent
/// it is in its discipline (`RecencyWeighting`): what the threshold fit needs, without holding
/// the trials. A register's tally weighs its trials by their place in the discipline, as
/// `ThresholdProfile` does, so its `index` is the discipline's. `RunningThresholdFit` is one
/// of these with a table of its own.
///
/// A trial's weight is stored relative to trial `base` (2^((index − base)/halfLife)), so it is
/// never touched again; an estimate scales every bin to the newest trial at once. `base` moves
/// forward before the stored weights could overflow.
public struct DecayedAnswerBins: Sendable {
    private struct Bin: Sendable {
        var right = 0.0
        var wrong = 0.0
    }

    public let weighting: RecencyWeighting
    private var bins: [Int: Bin] = [:]
    private var base = 0
    /// Trials added, and the discipline's index of the newest.
    public private(set) var trials = 0
    public private(set) var newest = 0

    public init(weighting: RecencyWeighting) {
        self.weighting = weighting
    }

    /// Adds a trial; `index` is its place in its discipline's time order (0 for the first), `weight`
    /// what it counts for besides its recency. `table` gets the bin's row if it is new.
    public mutating func add(offset: Double, isCorrect: Bool, weight: Double = 1, index: Int,
                             table: inout ThresholdFitTable) {
        trials += 1
        newest = index
        var exponent = weighting.halfLife.isInfinite ? 0 : Double(index - base) / weighting.halfLife
        if exponent > 500 {
            let scale = exp2(-exponent)
            for key in bins.keys {
                bins[key]!.right *= scale
                bins[key]!.wrong *= scale
            }
            base = index
            exponent = 0
        }
        let weighted = exp2(exponent) * weight
        let key = ThresholdFit.bin(of: abs(offset)).key
        table.prepare(key)
        if isCorrect { bins[key, default: Bin()].right += weighted } else { bins[key, default: Bin()].wrong += weighted }
    }

    /// The estimate with every trial weighted as it is when trial `newest` of the discipline is
    /// the latest (by default the latest added); nil before any trial.
    public func estimate(asOf newest: Int? = nil, table: ThresholdFitTable) -> ThresholdEstimate? {
        guard trials > 0 else { return nil }
        return table.estimate(weighted(asOf: newest), trials: trials)
    }

    /// How likely each threshold of `ThresholdFit.thresholds` is after these answers (flat prior
    /// in log cents), as `estimate` weighs them; nil before any trial.
    public func posterior(asOf newest: Int? = nil, table: ThresholdFitTable) -> ThresholdPosterior? {
        guard trials > 0, let (profile, _) = table.profile(weighted(asOf: newest)) else { return nil }
        return ThresholdPosterior(values: ThresholdFit.thresholds, logDensity: profile)
    }

    /// The log-likelihood at every point of the fit's grid, for a fit that shares the slope and
    /// lapse rate with another tally (`ThresholdChange(before:after:)`); nil before any trial.
    public func likelihood(asOf newest: Int? = nil, table: ThresholdFitTable) -> GridLikelihood? {
        guard trials > 0, let (sums, _) = table.grid(weighted(asOf: newest)) else { return nil }
        return GridLikelihood(values: sums, nuisanceCount: table.nuisance.slopes.count * table.nuisance.lapseRates.count)
    }

    /// The estimate and the likelihood at every grid point together, from one pass over the
    /// grid (the fit's costliest step): what a window of the profile needs, its estimate and
    /// its change from the window before. The same values as `estimate` and `likelihood`; nil
    /// before any trial or without weight.
    public func fit(asOf newest: Int? = nil, table: ThresholdFitTable) -> (estimate: ThresholdEstimate, likelihood: GridLikelihood)? {
        guard trials > 0, let (sums, total) = table.grid(weighted(asOf: newest)) else { return nil }
        let likelihood = GridLikelihood(values: sums, nuisanceCount: table.nuisance.slopes.count * table.nuisance.lapseRates.count)
        return (ThresholdFit.estimate(fromProfile: likelihood.profile, trials: trials, effectiveTrials: total), likelihood)
    }

    /// Every bin scaled to trial `newest` (by default the latest added).
    private func weighted(asOf newest: Int?) -> some Sequence<(key: Int, right: Double, wrong: Double)> {
        let latest = newest ?? self.newest
        let scale = weighting.halfLife.isInfinite ? 1 : exp2(Double(base - latest) / weighting.halfLife)
        // In the order of the keys: a sum's last digits then depend on the bins, not on the hashing.
        return bins.keys.sorted().lazy.map { key in
            (key: key, right: self.bins[key]!.right * scale, wrong: self.bins[key]!.wrong * scale)
        }
    }
}

/// The bins packed as bytes (key, right, wrong: 8 bytes each, little-endian, the weights' exact
/// bits): a store keeps hundreds of tallies of hundreds of bins, and a coder's container per
/// bin cost a tenth of a second each way where the bytes cost nothing.
extension DecayedAnswerBins: Codable {
    private enum CodingKeys: String, CodingKey { case weighting, base, trials, newest, bins }
    private static let binBytes = 24

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(weighting: try container.decode(RecencyWeighting.self, forKey: .weighting))
        base = try container.decode(Int.self, forKey: .base)
        trials = try container.decode(Int.self, forKey: .trials)
        newest = try container.decode(Int.self, forKey: .newest)
        let packed = try container.decode(Data.self, forKey: .bins)
        guard packed.count % Self.binBytes == 0 else {
            throw DecodingError.dataCorruptedError(forKey: .bins, in: container, debugDescription: "not whole bins")
        }
        packed.withUnsafeBytes { raw in
            for start in stride(from: 0, to: raw.count, by: Self.binBytes) {
                func word(_ index: Int) -> UInt64 {
                    UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start + 8 * index, as: UInt64.self))
                }
                bins[Int(Int64(bitPattern: word(0)))] = Bin(right: Double(bitPattern: word(1)), wrong: Double(bitPattern: word(2)))
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(weighting, forKey: .weighting)
        try container.encode(base, forKey: .base)
        try container.encode(trials, forKey: .trials)
        try container.encode(newest, forKey: .newest)
        var packed = Data(capacity: bins.count * Self.binBytes)
        for key in bins.keys.sorted() {
            for word in [UInt64(bitPattern: Int64(key)), bins[key]!.right.bitPattern, bins[key]!.wrong.bitPattern] {
                withUnsafeBytes(of: word.littleEndian) { packed.append(contentsOf: $0) }
            }
        }
        try container.encode(packed, forKey: .bins)
    }
}
