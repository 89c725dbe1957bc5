import Foundation

/// The built-in historical tunings, each built from its chain of fifths as its author defined
/// it rather than from a printed table, so the values are exact; the tests hold the printed
/// tables (deviations from equal temperament relative to C, as in J. Murray Barbour, "Tuning
/// and Temperament: A Historical Survey", 1951, and the Scala scale archive's descriptions).
/// All are anchored on C, with A4 at the reference pitch.
extension Tuning {
    /// Pure fifth 3/2, syntonic comma 81/80, Pythagorean comma 3^12/2^19, in cents.
    private static let pureFifth = 1200 * log2(1.5)
    private static let syntonicComma = 1200 * log2(81.0 / 80)
    private static let pythagoreanComma = 1200 * log2(531_441.0 / 524_288)
    private static let schisma = pythagoreanComma - syntonicComma

    /// The eleven fifths C–G, G–D, D–A, A–E, E–B, B–F#, F#–C#, C#–G#, G#–Eb, Eb–Bb, Bb–F; F–C
    /// closes the circle with whatever is left.
    private static func temperament(_ name: String, fifths: [Double]) -> Tuning {
        let chain = [0, 7, 2, 9, 4, 11, 6, 1, 8, 3, 10, 5]
        var deviations = [Double](repeating: 0, count: 12)
        for (step, size) in fifths.enumerated() {
            deviations[chain[step + 1]] = deviations[chain[step]] + size - 700
        }
        return Tuning(identifier: TuningIdentifier(unchecked: name), scale: TwelveToneScale(deviationsFromC: deviations))
    }

    /// Eleven equal fifths from Eb to G#; the twelfth, G#–Eb, is the wolf.
    private static func regular(_ name: String, fifth: Double) -> Tuning {
        temperament(name, fifths: Array(repeating: fifth, count: 8) + [8400 - 11 * fifth, fifth, fifth])
    }

    /// `tempered` lists the fifths (by index in the chain, 0 = C–G, 11 = F–C) narrowed by `amount`.
    private static func circulating(_ name: String, tempered: [Int: Double]) -> Tuning {
        temperament(name, fifths: (0..<11).map { pureFifth - (tempered[$0] ?? 0) })
    }

    /// Pure fifths, as medieval theory (after Boethius) built the scale; wolf G#–Eb.
    public static let pythagorean = regular("pythagorean", fifth: pureFifth)
    /// Pure major thirds: fifths narrowed by a quarter syntonic comma (Pietro Aron, Toscanello, 1523).
    public static let quarterCommaMeantone = regular("meantone-1/4", fifth: pureFifth - syntonicComma / 4)
    /// Fifths narrowed by a sixth of the syntonic comma (Joseph Sauveur, 1701; Silbermann's organs).
    public static let sixthCommaMeantone = regular("meantone-1/6", fifth: pureFifth - syntonicComma / 6)
    /// Andreas Werckmeister, Musicalische Temperatur (1691), "correct temperament no. 1" (III):
    /// C–G, G–D, D–A and B–F# narrowed by a quarter Pythagorean comma.
    public static let werckmeisterIII = circulating(
        "werckmeister-iii", tempered: [0: pythagoreanComma / 4, 1: pythagoreanComma / 4,
                                       2: pythagoreanComma / 4, 5: pythagoreanComma / 4])
    /// Johann Philipp Kirnberger, Die Kunst des reinen Satzes (1779): C–G–D–A–E narrowed by a
    /// quarter syntonic comma (C–E pure), F#–C# by a schisma.
    public static let kirnbergerIII = circulating(
        "kirnberger-iii", tempered: [0: syntonicComma / 4, 1: syntonicComma / 4, 2: syntonicComma / 4,
                                     3: syntonicComma / 4, 6: schisma])
    /// Francescantonio Vallotti (published 1779): F–C–G–D–A–E–B narrowed by a sixth
    /// Pythagorean comma; F–C is the circle's closing fifth, so only five are listed.
    public static let vallotti = circulating(
        "vallotti", tempered: [0: pythagoreanComma / 6, 1: pythagoreanComma / 6, 2: pythagoreanComma / 6,
                               3: pythagoreanComma / 6, 4: pythagoreanComma / 6])
    /// Thomas Young's second temperament (Philosophical Transactions, 1800): C–G–D–A–E–B–F#
    /// narrowed by a sixth Pythagorean comma; Vallotti's a fifth higher.
    public static let young = circulating(
        "young", tempered: [0: pythagoreanComma / 6, 1: pythagoreanComma / 6, 2: pythagoreanComma / 6,
                            3: pythagoreanComma / 6, 4: pythagoreanComma / 6, 5: pythagoreanComma / 6])

    /// Every built-in tuning, the two of the iOS app first.
    public static let builtIns: [Tuning] = [
        .equalTemperament, .justIntonation, pythagorean, quarterCommaMeantone, sixthCommaMeantone,
        werckmeisterIII, kirnbergerIII, vallotti, young,
    ]

    /// One line on what each built-in is, for `peach tunings`.
    public var summary: String {
        switch identifier.rawValue {
        case "equalTemperament": "twelve equal semitones of 100 c"
        case "justIntonation": "5-limit just intervals, sized from the reference note (pure from every key)"
        case "pythagorean": "pure fifths (701.96 c); wolf fifth G#–Eb"
        case "meantone-1/4": "quarter-comma meantone (Aron 1523): pure thirds (386.31 c); wolf G#–Eb"
        case "meantone-1/6": "sixth-comma meantone (Sauveur 1701): fifths 698.37 c; wolf G#–Eb"
        case "werckmeister-iii": "Werckmeister III (1691): C–G–D–A and B–F# narrowed by ¼ Pythagorean comma"
        case "kirnberger-iii": "Kirnberger III (1779): C–E pure, F#–C# narrowed by a schisma"
        case "vallotti": "Vallotti: F–C–G–D–A–E–B narrowed by ⅙ Pythagorean comma"
        case "young": "Young's second (1800): C–G–D–A–E–B–F# narrowed by ⅙ Pythagorean comma"
        default: scale.map { _ in "Scala scale" } ?? identifier.rawValue
        }
    }

    /// A built-in by its name (case does not matter).
    public init(named name: String) throws(DomainValueError) {
        let wanted = name.trimmingWhitespace().lowercased()
        guard let tuning = Self.builtIns.first(where: { $0.identifier.rawValue.lowercased() == wanted }) else {
            throw .unknownName(type: "tuning", value: name, known: Self.builtIns.map(\.identifier.rawValue))
        }
        self = tuning
    }
}
