import Foundation
import Glibc
import PeachStore

/// Figure 11: `peach` killed with SIGKILL while it writes trials, 1000 times into one store: the
/// store must pass SQLite's integrity check after every kill, hold everything Peach reported as
/// stored, and never half an import. Runs on the host: writing trials needs no sequencer (see
/// the findings), and the host's file system is a real one with a real fsync.
struct StoreKills: BenchmarkFigure {
    static let number = 11
    static let title = "SIGKILL during writes"
    static let target = "1000 `peach` processes writing trials (small imports and the training recorder) killed with "
        + "SIGKILL at random moments: PRAGMA integrity_check ok after every kill, 0 reported records missing, "
        + "0 imports stored in part"
    static let needsSequencer = false

    /// Rows per import: a small file, as a phone's export of a few sessions is.
    static let rowsPerImport = 100

    func run(_ context: BenchContext) async throws -> FigureResult {
        let runs = context.count(1000, quick: 20)
        let store = StoreLocation(directory: context.scratch.appendingPathComponent("store"))
        let writers = StoreWriters(context: context, store: store, rowsPerImport: Self.rowsPerImport)
        try writers.prepareFiles(runs: runs)

        // How long the writers take here, so that the kills land while they write, not before.
        let calibration = try await writers.calibrate()
        context.progress("figure 11: an import of \(Self.rowsPerImport) rows takes \(Int(calibration.importMilliseconds)) ms, "
                         + "the recorder's first trial comes \(Int(calibration.firstTrialMilliseconds)) ms after the start; "
                         + "\(runs) kills…")
        var random = SeededRandom(seed: 11)
        var before = try writers.inspect()
        var lost: [Double] = [], moments: [Double] = [], integrityFailures: [String] = [], partial: [String] = []
        var outcomes = Outcomes()
        for run in 0..<runs {
            let isImport = run.isMultiple(of: 2)
            // Imports: from the store's opening to just past a whole import. The recorder: from
            // its first trial on, through a few hundred milliseconds of one commit after another.
            let low = calibration.firstTrialMilliseconds * 0.9
            let high = isImport ? calibration.importMilliseconds * 1.05 : calibration.firstTrialMilliseconds + 300
            let delay = low + Double(random.next() % 10_000) / 10_000 * max(1, high - low)
            let ending = try await isImport ? writers.killImport(run: run, after: delay) : writers.killRecorder(run: run, after: delay)
            let after = try writers.inspect()
            if after.integrity != ["ok"] { integrityFailures.append("run \(run): \(after.integrity.joined(separator: "; "))") }
            let added = after.records - before.records
            before = after
            moments.append(delay)
            switch ending {
            case .importFinished:
                outcomes.importsFinished += 1
                lost.append(Double(max(0, Self.rowsPerImport - added)))
                if added != Self.rowsPerImport { partial.append("run \(run): finished, \(added) of \(Self.rowsPerImport) rows stored") }
            case .importKilled:
                lost.append(0)
                if added == 0 { outcomes.importsKilledBeforeCommit += 1 } else if added == Self.rowsPerImport {
                    outcomes.importsKilledAfterCommit += 1
                } else {
                    partial.append("run \(run): killed, \(added) of \(Self.rowsPerImport) rows stored")
                }
            case .recorderKilled(let reported):
                outcomes.recorderTrialsReported += reported
                lost.append(Double(max(0, reported - added)))
                if added == reported + 1 { outcomes.recorderCommittedUnreported += 1 }
                if added > reported + 1 { partial.append("run \(run): the recorder reported \(reported) trials, \(added) stored") }
                if reported == 0 { outcomes.recorderKilledBeforeFirstTrial += 1 }
            case .other(let text):
                outcomes.other.append("run \(run): \(text)")
            }
            if run % 100 == 99 { context.progress("figure 11: \(run + 1) kills") }
        }
        // Every reported record, by its own timestamp, once: a per-run count could hide a swap.
        let missing = try writers.reportedButMissing()
        let lostTotal = Int(lost.reduce(0, +))
        let holds = runs >= 1000 && integrityFailures.isEmpty && lostTotal == 0 && missing.isEmpty && partial.isEmpty
            && outcomes.other.isEmpty
        var detail = "\(runs) kills: integrity ok after \(runs - integrityFailures.count), \(lostTotal + missing.count) "
        detail += "reported records missing, \(partial.count) partial imports"
        var findings = [
            "Each run is one process (`peach import` or `store-crash-writer`) writing into the same store (`--data-dir`, WAL journal, synchronous=FULL), "
                + "killed with SIGKILL at a moment drawn (seeded) from the calibrated window below; then, with no writer alive, "
                + "the bench opens the store read-only and runs `PRAGMA integrity_check` and counts the rows.",
            "Even runs: `peach import FILE` of \(Self.rowsPerImport) comparison rows of their own (one transaction), killed "
                + "\(Int(calibration.firstTrialMilliseconds * 0.9))–\(Int(calibration.importMilliseconds * 1.05)) ms after the spawn "
                + "(an unkilled import took \(Int(calibration.importMilliseconds)) ms here, median of 3). Reported = it printed "
                + "its summary and exited 0. \(outcomes.importsFinished) finished before the kill, "
                + "\(outcomes.importsKilledBeforeCommit) were killed before their commit (nothing stored), "
                + "\(outcomes.importsKilledAfterCommit) after it but before the summary (all stored, not reported).",
            "Odd runs: `store-crash-writer` (a test-only executable of the product package, Tests/StoreCrashWriter), which records trials through the store's `TrialRecorder`, the "
                + "observer `peach train` records with, one transaction per trial, as fast as it can, and prints each one "
                + "only after its commit; killed \(Int(calibration.firstTrialMilliseconds * 0.9))–"
                + "\(Int(calibration.firstTrialMilliseconds + 300)) ms after the spawn (its first trial came after "
                + "\(Int(calibration.firstTrialMilliseconds)) ms). \(outcomes.recorderTrialsReported) trials reported in all; "
                + "\(outcomes.recorderCommittedUnreported) kills fell between a commit and its line (one trial more stored than "
                + "reported, as allowed); \(outcomes.recorderKilledBeforeFirstTrial) came before the first trial.",
            "Why not `peach train`: a trial takes at least a second (two notes and the feedback), so 1000 kills during "
                + "its writes would take hours in the VM; the recorder is the code `train` commits with, without the waiting. "
                + "Neither path touches the sequencer, so this runs on the host, whose ext4 and fsync are real (the VM writes "
                + "to a RAM overlay).",
            "Missing: reported records not in the store, counted per run from the row counts and again at the end by every "
                + "reported record's timestamp.",
        ]
        if !integrityFailures.isEmpty { findings.append("Integrity failures: " + integrityFailures.prefix(5).joined(separator: "; ")) }
        if !partial.isEmpty { findings.append("Partial: " + partial.prefix(5).joined(separator: "; ")) }
        if !missing.isEmpty { findings.append("Missing at the end: " + missing.prefix(5).joined(separator: "; ")) }
        if !outcomes.other.isEmpty { findings.append("Other endings: " + outcomes.other.prefix(5).joined(separator: "; ")) }
        return result(series: [
            FigureResult.Series("reported records missing after the kill", unit: "records", values: lost),
            FigureResult.Series("moment of the kill after the spawn", role: .baseline, unit: "ms", values: moments),
        ], verdict: context.verdict(holds, detail), findings: findings)
    }

    private struct Outcomes {
        var importsFinished = 0, importsKilledBeforeCommit = 0, importsKilledAfterCommit = 0
        var recorderTrialsReported = 0, recorderCommittedUnreported = 0, recorderKilledBeforeFirstTrial = 0
        var other: [String] = []
    }
}
