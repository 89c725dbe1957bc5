import Foundation
@testable import PeachCore
@testable import PeachStore
import PeachTestSupport
@testable import PeachTrainer
import Testing

@Suite("A discipline in one folder, through the whole stack: trainer, store, export, import, profile",
       .timeLimit(.minutes(Patience.minutes(1))))
struct LoudnessThroughTheStackTests {
    /// The one registration line a new discipline needs.
    static let kinds = RecordKinds(RecordKinds.standard.types + [LoudnessComparison.Record.self])

    @Test("three loudness trials answered at the keyboard are run by the trainer, saved, exported, imported again and profiled")
    func throughTheStack() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-loudness-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try TrainingStore(location: StoreLocation(directory: folder.appendingPathComponent("a")),
                                      mode: .readWrite, kinds: Self.kinds)
        let profile = PerceptualProfile()
        let player = InstantNotePlayer()
        let harness = try TrainerHarness(trialLimit: 3) { _ in
            let discipline = LoudnessComparison(player: player) { record in
                try await store.saveRecord(record, rig: .none)
                if record.isCorrect {
                    profile.add(abs(record.difference.decibels), at: record.timestamp,
                                toDisciplineNamed: LoudnessComparison.Record.kind.name)
                }
            }
            return ActiveSession(TrainingSession(discipline, settings: MockUserSettings(), resettables: [],
                                                 clock: ImmediateClock(), random: SessionRandom(SplitMix64(seed: 3))),
                                 answers: .higherOrLower)
        }
        let run = harness.run()
        for trial in 1...3 {
            await harness.presenter.waitUntil { reports in
                reports.filter {
                    if case .stateChanged(let state as LoudnessComparison.State, _) = $0 { state == .awaitingAnswer } else { false }
                }.count >= trial
            }
            harness.controller.yield(Keyboard.key(127))
        }
        #expect(await run.value == .finished(completedTrials: 3))
        #expect(await harness.presenter.count { if case .trialCompleted(_ as LoudnessComparison.Record, _) = $0 { true } else { false } } == 3)

        // The store keeps them, each with the control that answered none of its own columns lost.
        let stored = try store.stored(LoudnessComparison.Record.self).map(\.record)
        #expect(stored.count == 3)
        #expect(try store.recordCounts().last == RecordCount(name: "loudness comparison", format: 3, count: 3))

        // Export: format 3, the header format 2's and then the discipline's own column.
        let csv = try store.exportCSV()
        let lines = csv.split(separator: "\n").map(String.init)
        #expect(lines.first == "# peach-export-format:3")
        #expect(lines.dropFirst().first == PeachExportFormat.header(version: 2) + ",differenceDb")
        let rows = lines.dropFirst(2)
        let fieldCounts = rows.map { $0.split(separator: ",", omittingEmptySubsequences: false).count }
        #expect(rows.allSatisfy { $0.hasPrefix("loudnessComparison,") })
        #expect(fieldCounts == [16, 16, 16])
        #expect(lines.count == 5)

        // Import into another store: the same trials come back, and a second import finds them all stored.
        let copy = try TrainingStore(location: StoreLocation(directory: folder.appendingPathComponent("b")),
                                     mode: .readWrite, kinds: Self.kinds)
        let parsed = try PeachCSVParser.parse(csv, kinds: Self.kinds)
        #expect(parsed.invalidRows.isEmpty)
        #expect(try copy.importRecords(parsed, mode: .merge).tally("loudness comparison").imported == 3)
        #expect(try copy.importRecords(parsed, mode: .merge).tally("loudness comparison").skipped == 3)
        let back = try copy.stored(LoudnessComparison.Record.self).map(\.record)
        #expect(back.map(\.difference) == stored.map(\.difference))
        #expect(back.map(\.isCorrect) == stored.map(\.isCorrect))
        #expect(try copy.exportCSV() == csv, "export, import, export: the same bytes")

        // The profile, rebuilt from the store, counts the right answers as the live one did.
        let right = stored.filter(\.isCorrect).count
        let rebuilt = try store.loadProfile().statistics(forDisciplineNamed: "loudness comparison")
        #expect((rebuilt?.count ?? 0) == right)
        #expect(rebuilt == profile.statistics(forDisciplineNamed: "loudness comparison"))

        // A peach that does not know the discipline refuses its store rather than losing records.
        #expect(throws: StoreError.self) { try TrainingStore(location: StoreLocation(directory: folder.appendingPathComponent("a"))) }
    }
}
