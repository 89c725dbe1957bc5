import Foundation

/// `peach train --json`: one JSON object per line for every report, for scripts and dashboards.
public struct JSONLinePresenter: TrainingPresenter {
    private let write: @Sendable (String) -> Void

    /// - Parameter write: takes one line without its newline; stdout in the app.
    public init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    public func present(_ report: TrainingReport) async {
        write(Self.line(for: report))
    }

    static func line(for report: TrainingReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding strings, numbers and nested objects of them cannot fail.
        let data = (try? encoder.encode(JSONValue.object(report.json))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
