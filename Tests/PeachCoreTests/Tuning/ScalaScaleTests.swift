import Foundation
import Testing
@testable import PeachCore

@Suite("Scala scales")
struct ScalaScaleTests {
    static let equalTemperament = """
        ! 12-tet.scl
        !
        12-tone equal temperament
         12
        !
         100.0
         200.
         300.0 cents
         400.0\tE
         500.0
         600.0
         700.0
         800.0
         900.0
         1000.0
         1100.0
         2/1
        """

    @Test("a Scala file of equal temperament sounds every key exactly as equal temperament")
    func equalTemperamentReproduced() throws {
        let tuning = try ScalaScale(parsing: Self.equalTemperament, source: "12-tet.scl").tuning()
        #expect(tuning.name == "12-tone equal temperament")
        for raw in MIDINote.validRange {
            let note = DetunedMIDINote(try MIDINote(raw), offset: 3.25)
            let expected = TuningSystem.equalTemperament.frequency(of: note, referencePitch: .concertA)
            #expect(tuning.frequency(of: note, referencePitch: .concertA) == expected, "\(note)")
        }
    }

    @Test("ratios, whole numbers and cents lines parse to 1e-9 c")
    func pitchValues() throws {
        let text = """
            Mixed
            12
            16/15
            9/8
            6/5
            5/4
            4/3
            45/32
            701.955000865
            -5.0
            10/20
            5
            2147483647/2147483646
            2
            """
        let scale = try ScalaScale(parsing: text, source: "mixed.scl")
        let ratios: [Double] = [16.0 / 15, 9.0 / 8, 6.0 / 5, 5.0 / 4, 4.0 / 3, 45.0 / 32]
        let fromRatios: [Double] = ratios.map { 1200 * log2($0) }
        let largest: Double = 1200 * log2(2147483647.0 / 2147483646)
        let rest: [Double] = [701.955000865, -5.0, -1200, 1200 * log2(5.0), largest, 1200]
        let expected = fromRatios + rest
        #expect(scale.pitches.count == 12)
        for (parsed, wanted) in zip(scale.pitches, expected) {
            #expect(abs(parsed - wanted) < 1e-9, "\(parsed) vs \(wanted)")
        }
    }

    @Test("the meantone file of the Scala archive gives the built-in meantone's sizes")
    func archiveMeantone() throws {
        let text = """
            ! meanquar.scl
            1/4-comma meantone scale. Pietro Aaron's temperament (1523)
             12
             76.04900
             193.15686
             310.26471
             5/4
             503.42157
             579.47057
             696.57843
             25/16
             889.73529
             1006.84314
             1082.89214
             2/1
            """
        let tuning = try ScalaScale(parsing: text, source: "meanquar.scl").tuning()
        for raw in 48...72 {
            let note = try MIDINote(raw)
            for interval in [Interval.majorThird, .perfectFifth, .minorThird] {
                let directed = DirectedInterval(interval, .up)
                let scala = tuning.size(of: directed, from: note).rawValue
                let builtIn = Tuning.quarterCommaMeantone.size(of: directed, from: note).rawValue
                #expect(abs(scala - builtIn) < 0.0001, "\(directed) from \(note.name)")
            }
        }
        #expect(tuning.identifier.rawValue.hasPrefix("scala:1/4-comma meantone scale. Pietro Aaron's temperament (1523)#"))
    }

    @Test("the identifier is the same for the same pitches and differs when a pitch differs")
    func identifierFollowsThePitches() throws {
        let first = try ScalaScale(parsing: Self.equalTemperament, source: "a.scl").tuning()
        let again = try ScalaScale(parsing: Self.equalTemperament, source: "b.scl").tuning()
        let changed = try ScalaScale(parsing: Self.equalTemperament.replacingOccurrences(of: "500.0", with: "500.1"),
                                     source: "a.scl").tuning()
        #expect(first.identifier == again.identifier)
        #expect(first.identifier != changed.identifier)
        #expect(first.identifier.rawValue.count == "scala:12-tone equal temperament#".count + 16)
    }

    @Test("a keyboard mapping moves degree 0 and the reference")
    func keyboardMapping() throws {
        let mapping = """
            ! d-based.kbm
            0
            0
            127
            62
            62
            300.0
            12
            """
        let anchor = try TuningAnchor(parsingKeyboardMapping: mapping, source: "d-based.kbm")
        #expect(anchor.degreeZero == 2 && anchor.referenceNote.rawValue == 62 && anchor.referenceFrequency?.hertz == 300)
        let tuning = try ScalaScale(parsing: ScalaScaleTests.pureThirdOnDegreeFour, source: "t.scl").tuning(anchor: anchor)
        let d4 = try MIDINote(parsing: "D4")
        #expect(tuning.frequency(of: DetunedMIDINote(d4), referencePitch: .concertA).hertz == 300)
        #expect(abs(tuning.size(of: DirectedInterval(.majorThird, .up), from: d4).rawValue - 1200 * log2(1.25)) < 1e-9)
    }

    /// Equal temperament with a pure third (5/4) on degree 4.
    static let pureThirdOnDegreeFour = equalTemperament.replacingOccurrences(of: " 400.0\tE", with: " 5/4")
}
