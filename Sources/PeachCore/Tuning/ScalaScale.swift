import Foundation

/// A Scala scale (`.scl`) as the format defines it (huygens-fokker.org/scala/scl_format.html):
/// `!` comment lines, a one-line description (may be empty), the number of notes, then one
/// pitch per line: cents when it has a period (`408.`, `-5.0`), else a ratio `a/b` or a whole
/// number `a` (= a/1), numerator and denominator up to 2³¹−1, never negative; whatever follows
/// the value on its line is ignored. Degree 0 (1/1) is implicit; the last pitch is the period.
/// PeachCore parses the text; reading the file is the caller's.
public struct ScalaScale: Hashable, Sendable {
    public let description: String
    /// Cents of each listed pitch, in file order; the last one is the period.
    public let pitches: [Double]
    /// The line each pitch came from, for errors that concern one pitch.
    let pitchLines: [Int]
    let countLine: Int
    let source: String

    public init(parsing text: String, source: String) throws(ScalaFileError) {
        var lines = ScalaLines(text, source: source)
        self.source = source
        description = try lines.next("the description line").text.trimmingWhitespace()
        let countLine = try lines.next("the number of notes")
        self.countLine = countLine.number
        let count = try lines.wholeNumber(countLine, "the number of notes")
        guard count >= 0 else { throw lines.fail(countLine.number, "the number of notes cannot be negative (\(count))") }
        var pitches: [Double] = [], pitchLines: [Int] = []
        for index in 0..<count {
            let line = try lines.next("pitch \(index + 1) of \(count)")
            pitches.append(try Self.pitch(line.text, line: line.number, lines))
            pitchLines.append(line.number)
        }
        self.pitches = pitches
        self.pitchLines = pitchLines
    }

    /// One pitch line's value in cents.
    private static func pitch(_ text: String, line: Int, _ lines: ScalaLines) throws(ScalaFileError) -> Double {
        let value = String(text.trimmingWhitespace().prefix { $0 != " " && $0 != "\t" })
        guard !value.isEmpty else { throw lines.fail(line, "expected a pitch (cents like 701.955 or a ratio like 3/2), found an empty line") }
        if value.contains(".") { return try cents(value, line: line, lines) }
        return try ratio(value, line: line, lines)
    }

    private static func cents(_ value: String, line: Int, _ lines: ScalaLines) throws(ScalaFileError) -> Double {
        var digits = Substring(value)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              parts.contains(where: { !$0.isEmpty }), let cents = Double(value.hasSuffix(".") ? value + "0" : value),
              cents.isFinite else {
            throw lines.fail(line, "\"\(value)\" is not a cents value (digits with one period, like 701.955)")
        }
        return cents
    }

    private static func ratio(_ value: String, line: Int, _ lines: ScalaLines) throws(ScalaFileError) -> Double {
        if value.hasPrefix("-") { throw lines.fail(line, "\"\(value)\": a negative ratio is meaningless") }
        let parts = value.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else {
            throw lines.fail(line, "\"\(value)\" is not a pitch (a ratio like 3/2, a whole number like 2, or cents with a period)")
        }
        let limit = 2_147_483_647
        let numbers = parts.map { Int($0) ?? Int.max }
        guard numbers.allSatisfy({ $0 <= limit }) else {
            throw lines.fail(line, "\"\(value)\": numerator and denominator may be at most \(limit)")
        }
        let numerator = numbers[0], denominator = numbers.count == 2 ? numbers[1] : 1
        guard denominator > 0 else { throw lines.fail(line, "\"\(value)\": the denominator is zero") }
        guard numerator > 0 else { throw lines.fail(line, "\"\(value)\": a ratio of zero is not a pitch") }
        return 1200 * (log2(Double(numerator)) - log2(Double(denominator)))
    }

    /// The scale as a tuning Peach can train in: twelve notes to the period, laid over the
    /// keyboard by `anchor`.
    public func tuning(anchor: TuningAnchor = .standard) throws(ScalaFileError) -> Tuning {
        guard pitches.count == 12 else {
            throw ScalaFileError(source: source, line: countLine,
                                 reason: "\(pitches.count) notes per period; Peach trains scales of 12 notes per octave only")
        }
        guard pitches[11] > 0 else {
            throw ScalaFileError(source: source, line: pitchLines[11],
                                 reason: "the last pitch is the period and must lie above 1/1 (found \(pitches[11]) cents)")
        }
        let scale: TwelveToneScale
        do {
            scale = try TwelveToneScale(pitches: pitches, anchor: anchor)
        } catch {
            throw ScalaFileError(source: source, line: nil, reason: "\(error)")
        }
        return Tuning(identifier: identifier(scale), scale: scale)
    }

    /// `scala:` + the description (or, without one, the file's name) + `#` + a hash of the
    /// pitches and the anchor: the same file gives the same identifier on every run.
    private func identifier(_ scale: TwelveToneScale) -> TuningIdentifier {
        let named = description.isEmpty ? String(source.split(separator: "/").last ?? "") : description
        let printable = String(named.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
            .trimmingWhitespace()
        var hash = StableHash()
        for value in scale.degrees + [scale.period] { hash.add(value.bitPattern) }
        hash.add(UInt64(scale.anchor.degreeZero))
        hash.add(UInt64(scale.anchor.referenceNote.rawValue))
        hash.add(scale.anchor.referenceFrequency?.hertz.bitPattern ?? 0)
        return TuningIdentifier(unchecked: TuningIdentifier.scalaPrefix + printable + "#" + hash.hex)
    }
}

/// FNV-1a over 64-bit words: stable across runs and machines, unlike Swift's seeded `Hasher`.
struct StableHash {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ word: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) {
            state ^= (word >> UInt64(shift)) & 0xff
            state = state &* 0x0000_0100_0000_01b3
        }
    }

    var hex: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
