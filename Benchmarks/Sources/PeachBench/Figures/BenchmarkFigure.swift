import Foundation

/// One numbered figure of issue 6's list: measures its series and judges them against the target.
protocol BenchmarkFigure: Sendable {
    static var number: Int { get }
    static var title: String { get }
    static var target: String { get }
    /// Whether it needs the kernel's sequencer (so runs in the VM) rather than only a CPU.
    static var needsSequencer: Bool { get }
    /// Whether `run --quick` without `--figures` runs it (CI's quick bench); a figure that needs
    /// programs CI does not install, or minutes even when quick, runs only when selected.
    static var inQuickRun: Bool { get }

    init()

    func run(_ context: BenchContext) async throws -> FigureResult
}

extension BenchmarkFigure {
    static var inQuickRun: Bool { true }

    /// The result skeleton with this figure's number, title and target.
    func result(series: [FigureResult.Series], verdict: FigureResult.Verdict, findings: [String]) -> FigureResult {
        FigureResult(number: Self.number, title: Self.title, target: Self.target, series: series,
                     verdict: verdict, findings: findings)
    }
}

/// Why a figure could not be measured, in words for the person running the bench.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}

/// What every figure gets from the runner.
struct BenchContext: Sendable {
    /// Few samples, no verdicts: CI runs this so the benchmark cannot rot.
    let quick: Bool
    /// The `peach` executable under test (built next to this one).
    let peach: URL
    /// A folder the figure may fill; removed after the run.
    let scratch: URL
    /// This executable, for figures that measure in a child process.
    let benchExecutable: URL

    /// `full` samples in a full run, `quick` in quick mode.
    func count(_ full: Int, quick quickCount: Int) -> Int { quick ? quickCount : full }

    /// Progress for the person watching, on stderr (stdout stays clean).
    func progress(_ text: String) {
        FileHandle.standardError.write(Data("peach-bench: \(text)\n".utf8))
    }

    /// The bare C baseline client (Benchmarks/Sources/PeachBenchC), built next to this executable.
    func cBaselineClient() throws -> URL {
        let client = benchExecutable.deletingLastPathComponent().appendingPathComponent("peach-bench-c")
        guard FileManager.default.isExecutableFile(atPath: client.path) else {
            throw BenchFailure("no peach-bench-c next to peach-bench at \(client.path) (swift build --product peach-bench-c)")
        }
        return client
    }

    /// The product package's test-only store writer (Tests/StoreCrashWriter, figure 11), built next to
    /// this executable by `scripts/build-release --benchmarks`; `peach` itself no longer carries it.
    func storeCrashWriter() throws -> URL {
        let writer = benchExecutable.deletingLastPathComponent().appendingPathComponent("store-crash-writer")
        guard FileManager.default.isExecutableFile(atPath: writer.path) else {
            throw BenchFailure("no store-crash-writer next to peach-bench at \(writer.path) (scripts/build-release --benchmarks)")
        }
        return writer
    }

    /// The verdict, or "not judged" in quick mode whose few samples decide nothing.
    func verdict(_ holds: Bool, _ detail: String) -> FigureResult.Verdict {
        quick ? .notJudged("quick mode: \(detail)") : .judging(holds, detail)
    }
}

enum BenchmarkFigures {
    static let all: [any BenchmarkFigure.Type] = [
        PitchBendQuantisation.self,
        EndToEndPitch.self,
        NoteDurationAccuracy.self,
        AnswerReaction.self,
        ControlToPitch.self,
        IdleCost.self,
        StartUp.self,
        ProfileAtScale.self,
        HonestThreshold.self,
        SignalFaults.self,
        StoreKills.self,
        RandomMIDI.self,
        HotPlugCycles.self,
        SynthCandidates.self,
        RhythmClickTiming.self,
        LoudnessOffsets.self,
        TapTiming.self,
        RhythmAnswerReaction.self,
        TemperedIntervals.self,
        WeakSpots.self,
    ]
}
