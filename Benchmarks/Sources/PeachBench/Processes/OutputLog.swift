import Foundation
import Synchronization

/// The JSON lines a `peach train --json` child prints, in arrival order, read as they come, with
/// the bench's own marks (what it did, and when) in the same order: so a figure can tell what
/// Peach reported before and after each of its actions.
final class OutputLog: Sendable {
    enum Entry: Sendable {
        case line([String: String])
        case mark(String)
    }

    private let entries = Mutex<[Entry]>([])
    private let pending = Mutex<String>("")

    /// Starts reading `pipe` (Peach's stdout) on Foundation's reader.
    init(reading pipe: Pipe) {
        pipe.fileHandleForReading.readabilityHandler = { [self] handle in
            let data = handle.availableData
            guard !data.isEmpty else {
                handle.readabilityHandler = nil
                return
            }
            take(data)
        }
    }

    private func take(_ data: Data) {
        let complete: [Substring] = pending.withLock { text in
            text += String(decoding: data, as: UTF8.self)
            let parts = text.split(separator: "\n", omittingEmptySubsequences: false)
            text = String(parts.last ?? "")
            return Array(parts.dropLast())
        }
        let parsed = complete.compactMap(Self.fields)
        entries.withLock { $0 += parsed.map(Entry.line) }
    }

    /// The top-level string and number fields of one JSON object line, as text.
    private static func fields(_ line: Substring) -> [String: String]? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
        var fields: [String: String] = [:]
        for (key, value) in object {
            if let text = value as? String { fields[key] = text } else if let number = value as? NSNumber { fields[key] = number.stringValue }
        }
        return fields
    }

    func mark(_ text: String) { entries.withLock { $0.append(.mark(text)) } }

    var all: [Entry] { entries.withLock { $0 } }

    /// The lines so far whose `event` is `event` (and, if given, whose trial is `trial`).
    func lines(_ event: String, trial: Int? = nil) -> [[String: String]] {
        all.compactMap { entry in
            guard case .line(let fields) = entry, fields["event"] == event,
                  trial.map({ fields["trial"] == String($0) }) ?? true else { return nil }
            return fields
        }
    }

    /// Waits (polling every 20 ms: a bench, not a product) until `condition` holds for the log.
    func wait(for what: String, timeout: Duration, _ condition: (OutputLog) -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while !condition(self) {
            guard ContinuousClock.now < deadline else {
                throw BenchFailure("no \(what) within \(timeout); Peach's last lines: \(tail)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Waits until trial `trial` is awaiting its answer: the trial of that number started last
    /// (a trial stopped by a loss leaves its number to the next one).
    func awaitingAnswer(_ trial: Int, timeout: Duration) async throws {
        try await wait(for: "trial \(trial) awaiting an answer", timeout: timeout) { log in
            let entries = log.all
            guard let start = entries.lastIndex(where: { if case .line(let fields) = $0 { fields["event"] == "trialStarted" } else { false } }),
                  case .line(let started) = entries[start], started["trial"] == String(trial) else { return false }
            return entries[start...].contains { entry in
                guard case .line(let fields) = entry else { return false }
                return fields["event"] == "state" && fields["state"] == "awaitingAnswer" && fields["trial"] == String(trial)
            }
        }
    }

    /// The last few entries, for an error message.
    var tail: String {
        all.suffix(8).map { entry in
            switch entry {
            case .line(let fields): fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            case .mark(let text): "[bench: \(text)]"
            }
        }.joined(separator: " | ")
    }
}

extension PeachProcess {
    /// Resident memory now, in MB, from /proc/PID/status.
    func residentMegabytes() throws -> Double {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") else {
            throw BenchFailure("no VmRSS in /proc/\(pid)/status")
        }
        return kilobytes / 1024
    }
}
