import Foundation

/// Date labels under a timeline whose x is the session order: in the listener's own time zone
/// (an evening session in California is on the evening's date, not on the next day's in UTC),
/// at most one per calendar day, spaced so they never overlap.
struct SessionDateLabels {
    let timeZone: TimeZone

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `dates[i]` is drawn at `xs[i]`; labels at least `spacing` pixels apart, the first always.
    func labels(dates: [Date], xs: [Double], spacing: Double) -> [(x: Double, text: String)] {
        var labels: [(x: Double, text: String)] = []
        var lastDay: DateComponents?
        for (date, x) in zip(dates, xs) {
            let day = components(date)
            if let lastDay, day == lastDay { continue }
            if let last = labels.last, x - last.x < spacing { continue }
            let withYear = lastDay == nil || lastDay?.year != day.year
            labels.append((x, text(day, withYear: withYear)))
            lastDay = day
        }
        return labels
    }

    /// "5 Jan", or "5 Jan 2026".
    func text(_ date: Date, withYear: Bool) -> String {
        text(components(date), withYear: withYear)
    }

    private func text(_ day: DateComponents, withYear: Bool) -> String {
        let month = Self.months[(day.month ?? 1) - 1]
        return "\(day.day ?? 1) \(month)" + (withYear ? " \(day.year ?? 0)" : "")
    }

    private func components(_ date: Date) -> DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.dateComponents([.year, .month, .day], from: date)
    }
}
