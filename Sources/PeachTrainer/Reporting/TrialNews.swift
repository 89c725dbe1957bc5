import PeachCore
import PeachTerminal

/// What a discipline tells of one of its trials (its start, a state, its end) to everything above
/// the core: the trainer reports it and the presenters show it through this one shape, whatever
/// the discipline, and each discipline says here what its JSON line, log line and status line hold.
public protocol TrialNews: Sendable {
    /// The `mode` of its JSON lines when no `started` report named the running one: the
    /// discipline's unison mode ("comparison" for interval comparison too).
    var jsonMode: String { get }
    /// Its JSON line's own fields (the report adds `event`, `mode` and `trial`).
    var jsonFields: [String: JSONValue] { get }
    /// The status line after it (its `trial` is set already).
    /// - Parameter nearCents: a match at most this far from the target is near.
    func update(_ status: inout TrainingStatus, nearCents: Cents)
    /// Its plain log line, worded with the status after it; nil: the status line shows it, the
    /// log does not (states, tuning movements).
    func logLine(number: Int, status: TrainingStatus, nearCents: Cents) -> String?
}

extension TrialNews {
    public func logLine(number: Int, status: TrainingStatus, nearCents: Cents) -> String? { nil }
}

/// News of a trial between its start and its end that is not a state: a tuning movement, a
/// missed or stray tap. Its JSON line names its own event.
public protocol TrialProgress: TrialNews {
    var jsonEvent: String { get }
}

/// A state a discipline's trial goes through: its JSON line carries the state's name.
public protocol TrialState: TrialNews, RawRepresentable where RawValue == String {}

extension TrialState {
    public var jsonFields: [String: JSONValue] { ["state": .string(rawValue)] }
}
