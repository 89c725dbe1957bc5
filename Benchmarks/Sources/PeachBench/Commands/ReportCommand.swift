import ArgumentParser
import Foundation

/// Renders the JSON results of `run` (from the host and the VM alike) as BENCHMARKS.md.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report", abstract: "Write the Markdown report from the results of `run`.")

    @Option(help: ArgumentHelp("The folder `run` wrote to.", valueName: "path"))
    var results: String = "out/bench"

    @Option(help: ArgumentHelp("The Markdown file to (re)write; its hand-written analysis is kept.", valueName: "path"))
    var output: String = "BENCHMARKS.md"

    @Option(help: ArgumentHelp("The command the report names for reproducing it.", valueName: "text"))
    var command: String = "scripts/bench"

    @Option(help: ArgumentHelp("The toolchain that built the executables, for the record.", valueName: "text"))
    var toolchain: String = "toolchain not recorded"

    func run() throws {
        let folder = URL(fileURLWithPath: results)
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix("figure-") && $0.pathExtension == "json" }
        guard !files.isEmpty else { throw ValidationError("no figure-N.json in \(folder.path): run `peach-bench run` first") }
        let decoder = JSONDecoder()
        var figures: [FigureResult] = []
        for file in files {
            do {
                figures.append(try decoder.decode(FigureResult.self, from: Data(contentsOf: file)))
            } catch {
                throw ValidationError("\(file.path) is not a figure result: \(error)")
            }
        }
        figures.sort { $0.number < $1.number }
        let existing = try? String(contentsOfFile: output, encoding: .utf8)
        let report = MarkdownReport(results: figures, date: Date(), command: command, toolchain: toolchain)
        try report.render(keepingAnalysisOf: existing).write(toFile: output, atomically: true, encoding: .utf8)
    }
}
