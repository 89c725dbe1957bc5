import Foundation
import PeachStore

/// Figure 8: what `peach train` does with the store at start-up (open it, rebuild the
/// perceptual profile from every record), timed and its peak memory read in a child process
/// of its own, beside the same child opening the store and only counting the records.
struct ProfileAtScale: BenchmarkFigure {
    static let number = 8
    static let title = "Profile at scale"
    static let target = "rebuilding the profile from 100 000 records: < 300 ms and peak RSS < 50 MB"
    static let needsSequencer = false

    static let maxMilliseconds = 300.0
    static let maxMegabytes = 50.0

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

        var rebuilds: [ProfileChildReport] = [], baselines: [ProfileChildReport] = []
        // Alternated, so whatever the machine does meanwhile weighs on both alike.
        for _ in 0..<repetitions {
            rebuilds.append(try await ProfileChild.run(context, store: store, baseline: false))
            baselines.append(try await ProfileChild.run(context, store: store, baseline: true))
        }
        let megabytes = { (report: ProfileChildReport) in Double(report.peakKiB) / 1024 }
        let time = FigureResult.Series("open + loadProfile()", unit: "ms", values: rebuilds.map(\.milliseconds))
        let baselineTime = FigureResult.Series("open + count(*)", role: .baseline, unit: "ms", values: baselines.map(\.milliseconds))
        let memory = FigureResult.Series("peak RSS, open + loadProfile()", unit: "MB", values: rebuilds.map(megabytes))
        let baselineMemory = FigureResult.Series("peak RSS, open + count(*)", role: .baseline, unit: "MB", values: baselines.map(megabytes))
        let worstTime = time.summary.max, worstMemory = memory.summary.max
        let startMB = Double(rebuilds.map(\.startKiB).max() ?? 0) / 1024
        return result(
            series: [time, baselineTime, memory, baselineMemory],
            verdict: context.verdict(
                worstTime < Self.maxMilliseconds && worstMemory < Self.maxMegabytes,
                "slowest \(Self.format(worstTime, 1)) ms (target < \(Self.format(Self.maxMilliseconds, 0))), highest peak RSS "
                    + "\(Self.format(worstMemory, 1)) MB (target < \(Self.format(Self.maxMegabytes, 0))); the baseline's "
                    + "\(Self.format(baselineTime.summary.max, 1)) ms and \(Self.format(baselineMemory.summary.max, 1)) MB"),
            findings: [
                "Fixture: \(summary.comparisonsImported) comparisons and \(summary.matchingsImported) matchings in one SQLite "
                    + "file made by TrainingStore.importRecords (one transaction, \(Self.format(fixtureTime / .milliseconds(1), 0)) ms): "
                    + "sessions of 50–150 trials 2–12 h apart over \(Self.format(fixture.days, 0)) days, "
                    + "unison and six intervals, a quarter just intonation, three comparisons in four correct.",
                "Method: \(repetitions) fresh child processes (`peach-bench profile-child`) each open the store as "
                    + "`peach train` does (TrainingStore(location:), integrity check included) and call loadProfile(), "
                    + "timed inside the child; peak RSS is the child's VmHWM. The profile holds "
                    + "\(rebuilds.first?.records ?? 0) samples (wrong comparisons do not count).",
                "Baseline: the same child opening the store and counting the rows with SELECT COUNT(*) (SQLite walks "
                    + "both tables) without decoding anything: the difference is what decoding rows and building the "
                    + "profile cost. The child process itself holds \(Self.format(startMB, 1)) MB before it opens the store.",
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
