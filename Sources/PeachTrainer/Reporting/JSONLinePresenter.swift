import Foundation
import PeachCore
import Synchronization

/// `peach train --json`: one JSON object per line for every report, for scripts and dashboards.
public final class JSONLinePresenter: TrainingPresenter {
    private let write: @Sendable (String) -> Void
    /// The mode the last `started` named: every trial event of the session carries it.
    private let mode = Mutex<TrainingMode?>(nil)

    /// - Parameter write: takes one line without its newline; stdout in the app.
    public init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    public func present(_ report: TrainingReport) async {
        let running = mode.withLock { mode in
            if case .started(let started, _, _, _, _, _) = report { mode = started }
            return mode
        }
        write(Self.line(for: report, in: running))
    }

    static func line(for report: TrainingReport, in mode: TrainingMode?) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding strings, numbers and nested objects of them cannot fail.
        let data = (try? encoder.encode(JSONValue.object(report.json(in: mode)))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
