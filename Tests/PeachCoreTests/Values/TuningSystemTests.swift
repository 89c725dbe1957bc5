import Foundation
import Testing
@testable import PeachCore

@Suite("Tuning systems")
struct TuningSystemTests {
    @Test func equalTemperamentSizesIntervalsInHundredsOfCents() {
        #expect(TuningSystem.equalTemperament.centOffset(for: Interval.prime) == 0.0)
        #expect(TuningSystem.equalTemperament.centOffset(for: Interval.perfectFifth) == 700.0)
        #expect(TuningSystem.equalTemperament.centOffset(for: Interval.octave) == 1200.0)
    }

    @Test func justIntonationTableMatchesTheDomain() {
        let expected: [Double] = [0, 111.731, 203.910, 315.641, 386.314, 498.045, 590.224,
                                  701.955, 813.686, 884.359, 1017.596, 1088.269, 1200]
        for interval in Interval.allCases {
            #expect(TuningSystem.justIntonation.centOffset(for: interval).rawValue == expected[interval.rawValue])
        }
    }

    @Test(arguments: TuningSystem.allCases)
    func a4SoundsAtTheReferencePitch(system: TuningSystem) throws {
        for hertz in [415.0, 440.0, 442.0] {
            let reference = try Frequency(hertz: hertz)
            #expect(system.frequency(of: DetunedMIDINote(.a4), referencePitch: reference).hertz == hertz)
        }
    }

    @Test func middleCInEqualTemperament() {
        let c4 = TuningSystem.equalTemperament.frequency(of: DetunedMIDINote(.middleC), referencePitch: .concertA)
        #expect(abs(c4.hertz - 261.6256) < 0.00005)
    }

    @Test func ownCentOffsetIsAdded() throws {
        let detuned = DetunedMIDINote(.a4, offset: 13.7)
        let frequency = TuningSystem.equalTemperament.frequency(of: detuned, referencePitch: .concertA)
        #expect(abs(frequency.cents(above: .concertA).rawValue - 13.7) < 1e-9)
    }

    /// Ratios of 5-limit just intonation and of equal temperament, from first principles.
    static func theoreticalRatio(_ interval: Interval, _ system: TuningSystem) -> Double {
        switch system {
        case .equalTemperament:
            return pow(2, Double(interval.semitones) / 12)
        case .justIntonation:
            let ratios: [(Double, Double)] = [(1, 1), (16, 15), (9, 8), (6, 5), (5, 4), (4, 3), (45, 32),
                                              (3, 2), (8, 5), (5, 3), (9, 5), (15, 8), (2, 1)]
            let (numerator, denominator) = ratios[interval.rawValue]
            return numerator / denominator
        }
    }

    @Test(arguments: TuningSystem.allCases)
    func everyIntervalFromEveryNoteIsWithinATenthOfACent(system: TuningSystem) throws {
        for raw in MIDINote.validRange {
            let note = try MIDINote(raw)
            let reference = system.frequency(of: DetunedMIDINote(note), referencePitch: .concertA)
            for interval in Interval.allCases {
                for direction in IntervalDirection.allCases {
                    let directed = DirectedInterval(interval, direction)
                    guard (try? note.transposed(by: directed)) != nil else { continue }
                    let target = system.frequency(of: directed, from: reference)
                    let theory = 1200 * log2(Self.theoreticalRatio(interval, system))
                    let measured = abs(target.cents(above: reference).rawValue)
                    #expect(abs(measured - theory) < 0.1, "\(system) \(directed) from \(note.name)")
                }
            }
        }
    }

    @Test func justIntervalsAgainstHandComputedRatios() throws {
        let reference = try Frequency(hertz: 200)
        let ji = TuningSystem.justIntonation
        #expect(abs(ji.frequency(of: .perfectFifthUp, from: reference).hertz - 300) < 0.002)
        #expect(abs(ji.frequency(of: DirectedInterval(.majorThird, .up), from: reference).hertz - 250) < 0.002)
        #expect(abs(ji.frequency(of: DirectedInterval(.minorThird, .up), from: reference).hertz - 240) < 0.002)
        #expect(abs(ji.frequency(of: DirectedInterval(.perfectFifth, .down), from: reference).hertz - 200 * 2 / 3) < 0.002)
    }

    @Test func justScaleDegreesAreSizedFromA4() throws {
        // E5 lies a just fifth above A4: 440 · 3/2.
        let e5 = TuningSystem.justIntonation.frequency(of: DetunedMIDINote(76), referencePitch: .concertA)
        #expect(abs(e5.hertz - 660) < 0.02)
        // A3 is an exact octave below.
        let a3 = TuningSystem.justIntonation.frequency(of: DetunedMIDINote(57), referencePitch: .concertA)
        #expect(a3.hertz == 220)
    }

    @Test func unknownTuningNameIsRefusedWithTheKnownNames() {
        #expect(throws: DomainValueError.unknownName(type: "tuning system", value: "pythagorean",
                                                     known: ["equalTemperament", "justIntonation"])) {
            try TuningSystem(parsing: "pythagorean")
        }
    }
}
