import Foundation

/// The precision training records are kept at: whole milliseconds since 1970, UTC.
///
/// The store, the export format, the merge key and `peach train --json` all use this one
/// precision and one text (`text(of:)`, `parse(_:)`), so a record survives store → CSV → store
/// unchanged, re-importing an export finds every record already present, the exported file is
/// the same byte for byte, and a live report shows the very timestamp the store keeps. A trial timestamp finer than a
/// millisecond is truncated when it is recorded; a front end that feeds the live profile with
/// `RecordTimestamp.now()` gets exactly the timestamps the store keeps.
public enum RecordTimestamp {
    /// Whole milliseconds since 1970, rounded down. Going through microseconds first absorbs the
    /// binary rounding of a `Date` built from a millisecond value, so the conversion is idempotent.
    public static func milliseconds(of date: Date) -> Int64 {
        let microseconds = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
        return microseconds.floorDivided(by: 1000)
    }

    public static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// `date` at the stored precision.
    public static func truncated(_ date: Date) -> Date {
        self.date(milliseconds: milliseconds(of: date))
    }

    /// The current time at the stored precision: what a session's `now` should return.
    public static func now() -> Date {
        truncated(Date())
    }

    // MARK: - Text

    /// How much of a timestamp its text shows.
    public enum TextPrecision: Sendable {
        /// `2026-03-01T09:30:05.123Z`: exactly three fractional digits, what the store keeps.
        case milliseconds
        /// `2026-03-01T09:30:05Z`: whole seconds, rounded down.
        case seconds
    }

    /// The text of `date` as the store keeps it: the same whole milliseconds as
    /// `milliseconds(of:)`, in UTC. The one text for a timestamp everywhere (store, export,
    /// `--json`), so what one shows the others show to the millisecond.
    public static func text(of date: Date, precision: TextPrecision = .milliseconds) -> String {
        text(milliseconds: milliseconds(of: date), precision: precision)
    }

    /// The text of a stored timestamp, whole milliseconds since 1970.
    public static func text(milliseconds: Int64, precision: TextPrecision = .milliseconds) -> String {
        ISO8601Timestamp.format(milliseconds: milliseconds, precision: precision)
    }

    /// The whole milliseconds since 1970 of an ISO 8601 text with a time zone (`Z` or an offset)
    /// and 0…9 fractional digits (truncated to milliseconds), or why it is not one.
    public static func parse(_ text: String) -> Result<Int64, TimestampError> {
        ISO8601Timestamp.parse(text)
    }
}
