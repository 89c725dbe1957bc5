import Foundation

/// The precision training records are kept at: whole milliseconds since 1970, UTC.
///
/// The store, the export format and the merge key all use this one precision, so a record
/// survives store → CSV → store unchanged, re-importing an export finds every record already
/// present, and the exported file is the same byte for byte. A trial timestamp finer than a
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
}

extension Int64 {
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
