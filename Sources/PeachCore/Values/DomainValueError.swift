/// Why a value from outside (settings, files, MIDI, the command line) was refused.
///
/// Every case names the type and the offending value so that a message can be shown to the
/// user as it is.
public enum DomainValueError: Error, Equatable, Sendable, CustomStringConvertible {
    case outOfRange(type: String, value: String, allowed: String)
    case notFinite(type: String)
    case unknownName(type: String, value: String, known: [String])
    case malformed(type: String, value: String, expected: String)
    case noteRangeTooNarrow(lower: String, upper: String, minimumSpan: Int)
    case emptyIntervalSet
    /// A control given a second meaning: `use` is what it already does ("starts/stops training"),
    /// `detail` the settings that clash ("quit = note:C2, startStop = note:C2").
    case controlTaken(control: String, use: String, detail: String)
    /// A file a value names (a Scala tuning) cannot be read or is malformed; `problem` says
    /// where (file and line) and why.
    case unusableFile(type: String, problem: String)

    public var description: String {
        switch self {
        case .outOfRange(let type, let value, let allowed):
            return "\(type) \(value.quotedExcerpt) is out of range (allowed: \(allowed))"
        case .notFinite(let type):
            return "\(type) must be a finite number"
        case .unknownName(let type, let value, let known):
            return "unknown \(type) '\(value.quotedExcerpt)' (known: \(known.joined(separator: ", ")))"
        case .malformed(let type, let value, let expected):
            return "'\(value.quotedExcerpt)' is not a valid \(type) (expected \(expected))"
        case .noteRangeTooNarrow(let lower, let upper, let minimumSpan):
            return "note range \(lower.quotedExcerpt)…\(upper.quotedExcerpt) is narrower than \(minimumSpan) semitones"
        case .emptyIntervalSet:
            return "the set of intervals must not be empty"
        case .controlTaken(let control, let use, let detail):
            return "\(control) already \(use): one meaning per control (\(detail))"
        case .unusableFile(let type, let problem):
            return "\(type): \(problem)"
        }
    }
}
