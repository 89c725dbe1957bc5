import Foundation
import PeachStore

/// Figure 8: `peach profile` as a user runs it (open the store, read every record, fit the
/// thresholds, render the text), its CPU time and peak memory beside sqlite3's command-line
/// tool reading every row of the same store in the same run. scripts/bench-scale measures the
/// other commands (import, export, --json, --svg, doctor) at 10k, 100k and 10⁶ records.
struct ProfileAtScale: BenchmarkFigure {
    static let number = 8
    static let title = "Profile at scale"
    static let target = "`peach profile` on 100 000 records: CPU time ≤ 3× `sqlite3` reading every row, < 1 s, peak RSS < 100 MB"
    static let needsSequencer = false

    static let maxRatio = 3.0
    static let maxMilliseconds = 1000.0
    static let maxMegabytes = 100.0

    func run(_ context: BenchContext) async throws -> FigureResult {
        let recordCount = context.count(100_000, quick: 2_000)
        let repetitions = context.count(10, quick: 2)
        let store = context.scratch.appendingPathComponent("store")
        let clock = ContinuousClock()
        let began = clock.now
        let fixture = try ProfileFixture.make(records: recordCount, at: StoreLocation(directory: store))
        let summary = fixture.summary
        let fixtureTime = clock.now - began
        context.progress("figure 8: stored \(summary.comparisonsImported) comparisons and \(summary.matchingsImported) "
                         + "matchings in \(fixtureTime.formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1))))")
        let database = store.appendingPathComponent("peach.sqlite").path
        var profiles: [CommandCost] = [], baselines: [CommandCost] = []
        // Alternated, so whatever the machine does meanwhile weighs on both alike.
        for _ in 0..<repetitions {
            profiles.append(try await CommandCost.measure(context.peach.path, ["profile", "--data-dir", store.path],
                                                          environment: ["HOME": context.scratch.path], scratch: context.scratch))
            baselines.append(try await CommandCost.measure(
                "/usr/bin/sqlite3", [database, "SELECT * FROM pitchComparison; SELECT * FROM pitchMatching;"],
                scratch: context.scratch))
        }
        let megabytes = { (cost: CommandCost) in Double(cost.peakKiB) / 1024 }
        let time = FigureResult.Series("peach profile, CPU", unit: "ms", values: profiles.map(\.cpuMilliseconds))
        let baselineTime = FigureResult.Series("sqlite3 SELECT *, CPU", role: .baseline, unit: "ms",
                                               values: baselines.map(\.cpuMilliseconds))
        let memory = FigureResult.Series("peak RSS, peach profile", unit: "MB", values: profiles.map(megabytes))
        let baselineMemory = FigureResult.Series("peak RSS, sqlite3 SELECT *", role: .baseline, unit: "MB", values: baselines.map(megabytes))
        let ratio = time.summary.median / max(baselineTime.summary.median, 1)
        let worstTime = time.summary.max, worstMemory = memory.summary.max
        return result(
            series: [time, baselineTime, memory, baselineMemory],
            verdict: context.verdict(
                ratio <= Self.maxRatio && worstTime < Self.maxMilliseconds && worstMemory < Self.maxMegabytes,
                "median CPU \(Self.format(time.summary.median, 0)) ms, \(Self.format(ratio, 1))× sqlite3's "
                    + "\(Self.format(baselineTime.summary.median, 0)) ms (target ≤ \(Self.format(Self.maxRatio, 0))×); slowest "
                    + "\(Self.format(worstTime, 0)) ms (target < \(Self.format(Self.maxMilliseconds, 0))); highest peak RSS "
                    + "\(Self.format(worstMemory, 1)) MB (target < \(Self.format(Self.maxMegabytes, 0)))"),
            findings: [
                "Fixture: \(summary.comparisonsImported) comparisons and \(summary.matchingsImported) matchings in one SQLite "
                    + "file made by TrainingStore.importRecords (one transaction, \(Self.format(fixtureTime / .milliseconds(1), 0)) ms): "
                    + "sessions of 50–150 trials 2–12 h apart over \(Self.format(fixture.days, 0)) days, "
                    + "unison and six intervals, a quarter just intonation, three comparisons in four correct.",
                "Method: \(repetitions) runs of `peach profile --data-dir STORE` as a user runs it (the executable, its "
                    + "start, the store's integrity check, every record read and checked, the fits, the text), each "
                    + "under /usr/bin/time: CPU time is user + system, peak RSS the kernel's maximum resident set.",
                "Baseline: `sqlite3 STORE 'SELECT * FROM pitchComparison; SELECT * FROM pitchMatching;'` in the same "
                    + "run, alternated with it: the command-line tool reading and printing every row, nothing more.",
                "Built \(Self.configuration): a release build is what users run.",
            ])
    }

    #if DEBUG
    static let configuration = "debug (unoptimised)"
    #else
    static let configuration = "release (optimised)"
    #endif

    static func format(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}
