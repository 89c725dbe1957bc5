import Foundation
import Testing
@testable import PeachCore

/// The built-in temperaments against the printed tables (deviations from equal temperament in
/// cents, relative to C) of J. M. Barbour, "Tuning and Temperament" (1951), as the Scala
/// archive also lists them; typed here, computed there from each author's chain of fifths.
@Suite("Historical temperaments")
struct HistoricalTemperamentTests {
    static let tables: [(String, [Double])] = [
        //                C       C#       D       Eb       E       F       F#       G       G#       A       Bb       B
        ("pythagorean", [0, 13.685, 3.910, -5.865, 7.820, -1.955, 11.730, 1.955, 15.640, 5.865, -3.910, 9.775]),
        ("meantone-1/4", [0, -23.950, -6.843, 10.265, -13.686, 3.422, -20.529, -3.422, -27.373, -10.265, 6.843, -17.108]),
        ("meantone-1/6", [0, -11.406, -3.259, 4.888, -6.518, 1.629, -9.776, -1.629, -13.035, -4.888, 3.259, -8.147]),
        ("werckmeister-iii", [0, -9.775, -7.820, -5.865, -9.775, -1.955, -11.730, -3.910, -7.820, -11.730, -3.910, -7.820]),
        ("kirnberger-iii", [0, -9.775, -6.843, -5.865, -13.686, -1.955, -9.776, -3.422, -7.820, -10.265, -3.910, -11.731]),
        ("vallotti", [0, -5.865, -3.910, -1.955, -7.820, 1.955, -7.820, -1.955, -3.910, -5.865, 0, -9.775]),
        ("young", [0, -9.775, -3.910, -5.865, -7.820, -1.955, -11.730, -1.955, -7.820, -5.865, -3.910, -9.775]),
    ]

    @Test("every built-in temperament's twelve deviations match the cited table to 0.01 c",
          arguments: tables.map(\.0))
    func deviationsMatchTheLiterature(name: String) throws {
        let expected = try #require(Self.tables.first { $0.0 == name }?.1)
        let scale = try #require(try Tuning(named: name).scale)
        for (pitchClass, deviation) in scale.deviationsFromEqualTemperament.enumerated() {
            #expect(abs(deviation - expected[pitchClass]) < 0.01, "\(name) pitch class \(pitchClass): \(deviation)")
        }
    }

    private func size(_ tuning: Tuning, _ interval: Interval, from note: String) throws -> Double {
        try tuning.size(of: DirectedInterval(interval, .up), from: MIDINote(parsing: note)).rawValue
    }

    @Test("quarter-comma meantone: pure thirds from C, E and D, a 427.4 c third from G#, the wolf G#–Eb")
    func meantoneThirdsAndWolf() throws {
        let meantone = Tuning.quarterCommaMeantone
        for note in ["C4", "D4", "E4", "F3", "Bb2"] {
            #expect(abs(try size(meantone, .majorThird, from: note) - 386.31) < 0.01, "from \(note)")
        }
        #expect(abs(try size(meantone, .majorThird, from: "G#3") - 427.37) < 0.01)
        #expect(abs(try size(meantone, .perfectFifth, from: "G#3") - 737.64) < 0.01)
        #expect(abs(try size(meantone, .perfectFifth, from: "C4") - 696.58) < 0.01)
    }

    @Test("Pythagorean fifths are pure (701.96 c) from every key but G#, whose fifth is the wolf")
    func pythagoreanFifths() throws {
        for raw in 60...71 {
            let note = try MIDINote(raw)
            let fifth = Tuning.pythagorean.size(of: .perfectFifthUp, from: note).rawValue
            if note.name.hasPrefix("G#") {
                #expect(abs(fifth - 678.49) < 0.01)
            } else {
                #expect(abs(fifth - 701.96) < 0.01, "from \(note.name)")
            }
        }
    }

    @Test("an interval down is the negative of the same interval up from the lower note")
    func downIsMirrorOfUp() throws {
        let tuning = Tuning.werckmeisterIII
        let down = tuning.size(of: DirectedInterval(.majorThird, .down), from: try MIDINote(parsing: "E4")).rawValue
        let up = tuning.size(of: DirectedInterval(.majorThird, .up), from: try MIDINote(parsing: "C4")).rawValue
        #expect(abs(down + up) < 1e-9)
        #expect(abs(up - 390.22) < 0.01)
    }

    @Test("A4 sounds at the reference pitch in every built-in tuning", arguments: Tuning.builtIns)
    func a4AtReferencePitch(tuning: Tuning) throws {
        let reference = try Frequency(hertz: 415)
        #expect(tuning.frequency(of: DetunedMIDINote(.a4), referencePitch: reference).hertz == 415)
    }

    @Test("the target is the tempered pitch of the target key, plus the asked offset")
    func targetIsTheTemperedKey() throws {
        let tuning = Tuning.quarterCommaMeantone
        let c4 = try MIDINote(parsing: "C4"), e4 = try MIDINote(parsing: "E4")
        let target = tuning.frequency(of: DirectedInterval(.majorThird, .up), from: c4, detunedBy: 5, referencePitch: .concertA)
        let e4Pitch = tuning.frequency(of: DetunedMIDINote(e4, offset: 5), referencePitch: .concertA)
        #expect(abs(target.cents(above: e4Pitch).rawValue) < 1e-9)
    }

    @Test("the two tuning systems keep sizing intervals from the reference, as before")
    func systemsUnchanged() throws {
        let g3 = try MIDINote(parsing: "G3")
        #expect(Tuning.justIntonation.size(of: DirectedInterval(.majorThird, .up), from: g3)
            == TuningSystem.justIntonation.centOffset(for: .majorThird))
        let reference = Tuning.justIntonation.frequency(of: DetunedMIDINote(g3), referencePitch: .concertA)
        #expect(Tuning.justIntonation.frequency(of: .perfectFifthUp, from: g3, referencePitch: .concertA)
            == TuningSystem.justIntonation.frequency(of: .perfectFifthUp, from: reference))
    }

    @Test("a built-in is found by its name in any case; an unknown name lists the known ones")
    func namedLookup() throws {
        #expect(try Tuning(named: "Werckmeister-III") == .werckmeisterIII)
        #expect(throws: DomainValueError.unknownName(type: "tuning", value: "meantone",
                                                     known: Tuning.builtIns.map(\.identifier.rawValue))) {
            try Tuning(named: "meantone")
        }
    }

    @Test("a trial in a temperament records the tuning's identifier and sizes the interval from its key")
    func settingsCarryTheTuning() {
        let settings = TrainingSettings { $0.tuning = .vallotti }
        #expect(settings.activeTuning.identifier.rawValue == "vallotti")
        #expect(TrainingSettings.defaults.activeTuning == .equalTemperament)
    }
}
