import ArgumentParser

/// `peach-bench live-path`: what figures 4, 5 and 18's reactions cost natively, per event, on
/// the thread that reads it (the route, the mapping, the session, the player or cue), with a
/// counting output where the kernel write would be. Not a figure of BENCHMARKS.md: a
/// measuring tool for that path. For allocations per event, preload
/// Benchmarks/Tools/count-allocations.c; for where the time goes, run it under
/// `perf record -g` with many moves.
struct LivePathCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live-path", abstract: "Time the live path's per-event work natively (figures 4, 5 and 18's reactions).")

    enum Path: String, ExpressibleByArgument, CaseIterable {
        case answer, bend, cue
    }

    @Option(help: "Which paths: answer (figure 4), bend (figure 5), cue (figure 18).")
    var paths: [Path] = Path.allCases

    @Option(help: "Comparison or rhythm trials, one answer each.")
    var trials = 2000

    @Option(help: "Mod wheel moves in one matching trial.")
    var moves = 200_000

    func run() async throws {
        print("allocations counted: \(AllocationCount.available ? "yes" : "no (count-allocations.so not preloaded)")")
        print("| path | events | to reaction median / p99 / mean ns | whole receive median / p99 / mean ns | allocations per event (mean, max) |")
        print("|---|---|---|---|---|")
        for path in paths {
            let samples = switch path {
            case .answer: try await LivePathRuns.answer(trials: trials)
            case .bend: try await LivePathRuns.bend(moves: moves)
            case .cue: try await LivePathRuns.cue(trials: trials)
            }
            print("| \(path.rawValue) | \(samples.whole.count) | \(Self.summary(samples.toReaction)) | \(Self.summary(samples.whole)) | "
                  + "\(Self.allocations(samples.allocations)) |")
        }
    }

    /// Median, p99 (nearest rank) and mean.
    private static func summary(_ values: [Int64]) -> String {
        guard !values.isEmpty else { return "–" }
        let sorted = values.sorted()
        let rank = { (fraction: Double) in sorted[min(sorted.count - 1, Int((fraction * Double(sorted.count)).rounded(.up)) - 1)] }
        let mean = Double(values.reduce(0, +)) / Double(values.count)
        return "\(rank(0.5)) / \(rank(0.99)) / \(Int(mean.rounded()))"
    }

    private static func allocations(_ counts: [UInt64]) -> String {
        guard AllocationCount.available, let most = counts.max() else { return "–" }
        let mean = Double(counts.reduce(0, +)) / Double(counts.count)
        return "\((mean * 100).rounded() / 100), \(most)"
    }
}
