import PeachCore

/// The rhythm items of `peach profile` (issue 33), leading the rhythm part: per tempo band,
/// offset detection's threshold on each side and the side and spread of the matching taps, or
/// "not enough data yet (N trials)" where the trials do not support an estimate.
enum RhythmBandText {
    static func lines(_ bands: RhythmBands) -> [String] {
        guard !bands.isEmpty else { return [] }
        var lines = ["Rhythm by tempo band (% of a sixteenth note; an estimate from \(RhythmBands.minimumTrials) trials on)"]
        for item in bands.detection {
            lines.append("  \(RhythmDiscipline.offsetDetection.displayName), \(label(item.band)): "
                         + [side("early", item.early), side("late", item.late)].joined(separator: " · "))
        }
        for item in bands.matching {
            lines.append("  \(RhythmDiscipline.matching.displayName), \(label(item.band)): " + taps(item))
        }
        return lines
    }

    /// "slow (under 90 BPM)".
    static func label(_ band: RhythmTempoBand) -> String { "\(band.name) (\(band.tempos))" }

    private static func side(_ name: String, _ side: RhythmBands.Side) -> String {
        guard let threshold = side.threshold else { return "\(name) \(notEnough(side.trials, "trial"))" }
        return "\(name) \(RhythmEstimateText.short(threshold)), \(RhythmProfileText.count(side.trials, "trial"))"
    }

    /// "taps land early by 5.0 % (3.1–6.9), spread (SD) 6.1 % (5.0–7.9), 40 taps", or on the beat
    /// when the mean's interval holds 0.
    private static func taps(_ item: RhythmBands.Matching) -> String {
        guard let fit = item.fit, let bias = item.bias else { return notEnough(item.taps, "tap") }
        let (lower, upper) = (bias.lowerBound, bias.upperBound)
        let landing = switch item.side {
        case .early: "taps land early by \(RhythmEstimateText.percent(-fit.bias)) "
            + "(\(RhythmEstimateText.number(-upper))–\(RhythmEstimateText.number(-lower)))"
        case .late: "taps land late by \(RhythmEstimateText.percent(fit.bias)) "
            + "(\(RhythmEstimateText.number(lower))–\(RhythmEstimateText.number(upper)))"
        case nil: "taps on the beat, no clear side (\(signed(lower)) to \(signed(upper)) %)"
        }
        return "\(landing), spread (SD) \(RhythmEstimateText.short(fit.spread)), \(RhythmProfileText.count(item.taps, "tap"))"
    }

    /// "not enough data yet (12 trials)".
    static func notEnough(_ count: Int, _ noun: String) -> String {
        "not enough data yet (\(RhythmProfileText.count(count, noun)))"
    }

    /// "−1.2", "+3.0": early is negative.
    static func signed(_ value: Double) -> String {
        (value < 0 ? "−" : "+") + RhythmEstimateText.number(abs(value))
    }
}
