import Foundation
import PeachTestSupport
import Testing

/// Several `peach settings set` at once (a script, or `learn` saving while another terminal
/// sets a key): each edits the file it read, so without a lock the last rename wins and the
/// others' keys are lost, though every writer said "written".
@Suite("Concurrent settings writers", .timeLimit(.minutes(Patience.minutes(5))))
struct ConcurrentSettingsWriteTests {
    static let assignments: [(key: String, value: String)] = [
        ("noteDuration", "2.0"), ("referencePitch", "442.0"), ("varyLoudness", "0.5"),
        ("tuningSystem", "justIntonation"), ("noteGap", "0.1"), ("velocity", "90"), ("rhythm.tempo", "100"),
        ("midi.channel", "3"), ("sound.program", "5"), ("feedback.nearCents", "20.0"),
    ]

    @Test("ten writers of ten different keys at once: all ten keys are in the file afterwards")
    func everyKeySurvives() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-writers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("rig.yaml").path
        let environment = ["XDG_CONFIG_HOME": folder.path, "HOME": folder.path]
        let outcomes = try await withThrowingTaskGroup(of: PeachExecutable.Outcome.self) { group in
            for (key, value) in Self.assignments {
                group.addTask {
                    try await PeachExecutable.run(["settings", "set", key, value, "--config", file],
                                                  environment: environment, timeout: .seconds(120))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for outcome in outcomes { #expect(outcome.status == 0, "\(outcome)") }
        for (key, value) in Self.assignments {
            let read = try await PeachExecutable.run(["settings", "get", key, "--config", file], environment: environment)
            #expect(read.stdout == value + "\n", "\(key): \(read)")
        }
    }
}
