/// ISO 8601 timestamp text, written and read without a locale or calendar (use it through
/// `RecordTimestamp.text` and `RecordTimestamp.parse`).
///
/// Written: always UTC, `2026-03-01T09:30:05.123Z` with exactly three fractional digits, or
/// `2026-03-01T09:30:05Z` in whole seconds (rounded down).
/// Read: `YYYY-MM-DDTHH:MM:SS`, optionally `.` and 1…9 fractional digits (beyond milliseconds
/// they are dropped), then `Z` or an offset `±HH:MM` / `±HHMM`. Years 0001…9999.
enum ISO8601Timestamp {
    static func format(milliseconds: Int64, precision: RecordTimestamp.TextPrecision) -> String {
        let days = milliseconds.floorDivided(by: 86_400_000)
        let millisecondOfDay = milliseconds - days * 86_400_000
        let (year, month, day) = civilDate(daysSince1970: days)
        let hour = millisecondOfDay / 3_600_000
        let minute = millisecondOfDay / 60_000 % 60
        let second = millisecondOfDay / 1000 % 60
        let fraction = switch precision {
        case .milliseconds: ".\(pad(millisecondOfDay % 1000, 3))"
        case .seconds: ""
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))\(fraction)Z"
    }

    /// The milliseconds since 1970, or a reason the text is not such a timestamp.
    static func parse(_ text: String) -> Result<Int64, TimestampError> {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
              let month = scanner.number(digits: 2), scanner.skip("-"),
              let day = scanner.number(digits: 2), scanner.skip("T") || scanner.skip("t"),
              let hour = scanner.number(digits: 2), scanner.skip(":"),
              let minute = scanner.number(digits: 2), scanner.skip(":"),
              let second = scanner.number(digits: 2) else {
            return .failure(.malformed)
        }
        var millisecond: Int64 = 0
        if scanner.skip(".") {
            let fraction = scanner.digitRun()
            guard (1...9).contains(fraction.count) else { return .failure(.malformed) }
            let firstThree = (fraction + [UInt8](repeating: UInt8(ascii: "0"), count: 3)).prefix(3)
            millisecond = firstThree.reduce(0) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
        }
        var offsetMinutes: Int64 = 0
        if scanner.skip("Z") || scanner.skip("z") {
            offsetMinutes = 0
        } else if let sign: Int64 = scanner.skip("+") ? 1 : (scanner.skip("-") ? -1 : nil) {
            guard let offsetHours = scanner.number(digits: 2) else { return .failure(.malformed) }
            _ = scanner.skip(":")
            guard let offsetMins = scanner.number(digits: 2), offsetHours <= 23, offsetMins <= 59 else {
                return .failure(.malformed)
            }
            offsetMinutes = sign * (offsetHours * 60 + offsetMins)
        } else {
            return .failure(.missingTimeZone)
        }
        guard scanner.atEnd else { return .failure(.malformed) }
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...daysIn(month: month, year: year)).contains(day),
              hour <= 23, minute <= 59, second <= 59 else {
            return .failure(.impossibleDate)
        }
        let days = daysSince1970(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetMinutes * 60
        return .success(seconds * 1000 + millisecond)
    }

    // MARK: - Calendar arithmetic (proleptic Gregorian, days from 1970-01-01)

    private static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDivided(by: 400)
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civilDate(daysSince1970 days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = z.floorDivided(by: 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

/// Reads fixed-width ASCII digit groups and separators.
private struct DigitScanner {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { position == bytes.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard position < bytes.count, bytes[position] == UInt8(character.value) else { return false }
        position += 1
        return true
    }

    mutating func number(digits: Int) -> Int64? {
        guard position + digits <= bytes.count else { return nil }
        var value: Int64 = 0
        for byte in bytes[position..<position + digits] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        position += digits
        return value
    }

    mutating func digitRun() -> [UInt8] {
        let start = position
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            position += 1
        }
        return Array(bytes[start..<position])
    }
}

/// Why a text is not a timestamp.
public enum TimestampError: Error, Equatable, Sendable {
    case malformed, missingTimeZone, impossibleDate

    /// The reason, for a message about the value.
    public var reason: String {
        switch self {
        case .malformed: "not an ISO 8601 timestamp like 2026-03-01T09:30:05.123Z"
        case .missingTimeZone: "the timestamp has no time zone (end it with Z or an offset like +01:00)"
        case .impossibleDate: "no such date or time"
        }
    }
}
