import ArgumentParser
import Foundation
import PeachCore
import PeachSettings

/// Parsers for the typed command-line values, passed as `transform:` so that each option is
/// declared with its type. A value that does not parse is reported by ArgumentParser itself:
/// "The value 'x' is invalid for '--option <name>': why", with the command's usage, exit 64.
enum OptionValues {
    /// A finite number within `allowed`.
    static func number(unit: String, allowed: ClosedRange<Double>) -> @Sendable (String) throws -> Double {
        { text in
            guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
                throw OptionValueError("not a number of \(unit)")
            }
            guard allowed.contains(value) else {
                throw OptionValueError("out of range (allowed: \(allowed.lowerBound)…\(allowed.upperBound) \(unit))")
            }
            return value
        }
    }

    @Sendable static func frequency(_ text: String) throws -> Frequency {
        guard let hertz = Double(text.trimmingCharacters(in: .whitespaces)) else {
            throw OptionValueError("not a number of hertz")
        }
        return try Frequency(hertz: hertz)
    }

    @Sendable static func note(_ text: String) throws -> MIDINote { try MIDINote(parsing: text) }
    @Sendable static func mode(_ text: String) throws -> TrainingMode { try TrainingMode(parsing: text) }
    @Sendable static func intervals(_ text: String) throws -> Set<DirectedInterval> { try DirectedInterval.parseSet(text) }
    @Sendable static func focus(_ text: String) throws -> TrainingFocus { try TrainingFocus(parsing: text) }
    @Sendable static func portWait(_ text: String) throws -> PortWait { try PortWait(parsing: text) }
    /// A built-in tuning's name, or a Scala file (read here, so its errors name the file and line).
    @Sendable static func tuning(_ text: String) throws -> Tuning { try TuningFiles.tuning(named: text) }
}

/// Why a command-line value does not parse, as ArgumentParser shows it after the value and option.
struct OptionValueError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
