import ArgumentParser
import Foundation

/// Runs figures and writes one JSON result per figure; a figure that fails makes the exit
/// status 1 after the others ran. A missed target is a result, not a failure.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Measure figures and write their results as JSON.")

    @Flag(help: "A few samples per figure and no verdicts: proves the benchmark still runs (CI).")
    var quick = false

    @Option(help: ArgumentHelp("Which figures, e.g. 1,3-5 (default: all).", valueName: "list"))
    var figures: FigureSelection?

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case cpu, sequencer, all
    }

    @Option(help: "Only the figures that need just a CPU, or the kernel's sequencer (the VM).")
    var kind: Kind = .all

    @Option(help: ArgumentHelp("The folder for the results (figure-N.json).", valueName: "path"))
    var results: String = "out/bench"

    @Option(name: .customLong("peach"),
            help: ArgumentHelp("The peach executable to measure (default: the one beside peach-bench).", valueName: "path"))
    var peachPath: String?

    func run() async throws {
        let resultsFolder = URL(fileURLWithPath: results)
        try FileManager.default.createDirectory(at: resultsFolder, withIntermediateDirectories: true)
        let executable = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath()
        let peach = peachPath.map { URL(fileURLWithPath: $0).standardizedFileURL }
            ?? executable.deletingLastPathComponent().appendingPathComponent("peach")
        guard FileManager.default.isExecutableFile(atPath: peach.path) else {
            throw ValidationError("no peach executable at \(peach.path) (build the product package first, or name one with --peach)")
        }
        let selected = BenchmarkFigures.all.filter { figure in
            (figures.map { $0.numbers.contains(figure.number) } ?? (!quick || figure.inQuickRun))
                && (kind == .all || (kind == .sequencer) == figure.needsSequencer)
        }
        var failures: [String] = []
        for figure in selected {
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("peach-bench-\(figure.number)-\(getpid())")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: scratch) }
            let context = BenchContext(quick: quick, peach: peach, scratch: scratch, benchExecutable: executable)
            context.progress("figure \(figure.number): \(figure.title)…")
            // Each figure's wall time, so a run's log (CI's quick run too) says where its time goes.
            let started = ContinuousClock.now
            func took() -> String { "(\((ContinuousClock.now - started).formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1)))))" }
            do {
                var result = try await figure.init().run(context)
                result.place = MachineDescription.current()
                result.quick = quick
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                try encoder.encode(result).write(to: resultsFolder.appendingPathComponent("figure-\(figure.number).json"))
                context.progress("figure \(figure.number): \(result.verdict.word): \(result.verdict.detail) \(took())")
            } catch {
                failures.append("figure \(figure.number) (\(figure.title)): \(error)")
                context.progress("figure \(figure.number) FAILED: \(error) \(took())")
            }
        }
        guard failures.isEmpty else {
            throw BenchFailure("these figures could not be measured:\n" + failures.joined(separator: "\n"))
        }
    }
}
