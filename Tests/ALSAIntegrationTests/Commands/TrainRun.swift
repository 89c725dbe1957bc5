import ALSASequencer
import Foundation
import PeachTestSupport

/// A `peach train --json` process in the VM with its own data and config folders, and the
/// JSON lines it printed, parsed.
struct TrainRun {
    let folder: URL
    let process: RunningPeach

    /// Starts `peach train ARGS… --json --data-dir … --config …`, in `folder` (a new one by
    /// default; an earlier run's to continue from its records).
    /// `environment` adds settings (`PEACH_…`) to the run's own folders.
    init(_ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]) throws {
        self.folder = folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("peach-train-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: self.folder, withIntermediateDirectories: true)
        let folder = self.folder
        // --config must name a file that exists; an empty one holds no settings.
        let config = folder.appendingPathComponent("config.yaml")
        if !FileManager.default.fileExists(atPath: config.path) { try Data().write(to: config) }
        process = try RunningPeach(["train"] + arguments + [
            "--json", "--data-dir", folder.appendingPathComponent("data").path,
            "--config", folder.appendingPathComponent("config.yaml").path,
        ], environment: environment.merging(["HOME": folder.path, "XDG_CONFIG_HOME": folder.path,
                                             "XDG_DATA_HOME": folder.path]) { $1 })
    }

    /// `peach export` of this run's store: its record rows (without the two header lines).
    func exportedRows() async throws -> [String] {
        let outcome = try await PeachExecutable.run(["export", "--data-dir", folder.appendingPathComponent("data").path])
        return outcome.stdout.split(separator: "\n").dropFirst(2).map(String.init)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

/// One JSON line of `peach train --json`.
struct TrainEvent: @unchecked Sendable, CustomStringConvertible {
    let fields: [String: Any]
    let line: String

    init?(_ line: String) {
        guard let data = line.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        fields = object
        self.line = line
    }

    var event: String { fields["event"] as? String ?? "" }
    var state: String? { fields["state"] as? String }
    var trial: Int? { fields["trial"] as? Int }
    func number(_ key: String) -> Double? { (fields[key] as? NSNumber)?.doubleValue }
    func bool(_ key: String) -> Bool? { fields[key] as? Bool }
    var description: String { line }
}

extension Array where Element == TrainEvent {
    /// The states each trial went through, in order, by trial number.
    var statesByTrial: [Int: [String]] {
        var states: [Int: [String]] = [:]
        for event in self where event.event == "state" {
            if let trial = event.trial, let state = event.state { states[trial, default: []].append(state) }
        }
        return states
    }
}

/// What reached a synth: whether any note is still sounding after the last event, taking
/// note-offs (and note-ons of velocity 0) and All Notes Off (CC 123) into account.
enum SoundingNotes {
    static func stillSounding(_ events: [SequencerEvent]) -> [(channel: UInt8, note: UInt8)] {
        var sounding: [UInt8: Set<UInt8>] = [:]
        for case let message? in events.map(\.midiMessage) {
            switch message {
            case .noteOn(let channel, let note, let velocity) where velocity > 0: sounding[channel, default: []].insert(note)
            case .noteOn(let channel, let note, _), .noteOff(let channel, let note, _): sounding[channel]?.remove(note)
            case .controlChange(let channel, 123, _): sounding[channel] = []
            default: break
            }
        }
        return sounding.flatMap { channel, notes in notes.map { (channel, $0) } }
    }
}
