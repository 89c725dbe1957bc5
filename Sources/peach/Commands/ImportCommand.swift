import ArgumentParser
import Foundation
import PeachStore

/// `peach import FILE [--replace] [--skip-invalid]`: all or nothing, in one transaction.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a Peach export (CSV format 1 or 2).",
        discussion: """
            By default the records are merged: one whose timestamp, reference note, target note \
            and training type are already stored is skipped (a rhythm record: timestamp, tempo \
            and training type). Any invalid row stops the import \
            before anything is written, and every problem is listed as \
            "row N, column C: value V — reason" (N is the file's line).
            """)

    @OptionGroup var store: StoreOptions
    @Argument(help: ArgumentHelp("The CSV file to import; - reads standard input.", valueName: "file")) var file: String
    @Flag(help: "Delete all stored records and keep only the file's.") var replace = false
    @Flag(help: "Import the valid rows and list the invalid ones instead of importing nothing.")
    var skipInvalid = false

    func run() async throws {
        // The file and its first two lines are checked before the store is opened (or created).
        let source = try ImportSource(path: file)
        var rows = try ImportReader(source: source)
        let progress = ImportProgressLine(source: source)
        defer { progress.clear() }
        let outcome = try StoreComposition.openStore(store).importRows(
            &rows, mode: replace ? .replace : .merge, skipInvalid: skipInvalid, progress: progress.update(rows:))
        progress.clear()
        if !outcome.skippedProblems.isEmpty {
            let rows = outcome.summary.invalidRowsSkipped, problems = outcome.skippedProblems.count
            printToStandardError("skipping \(rows) invalid row\(rows == 1 ? "" : "s") "
                                 + "(\(problems) problem\(problems == 1 ? "" : "s")):")
            for problem in outcome.skippedProblems { printToStandardError("  \(problem)") }
        }
        try StandardOutput.write("\(outcome.summary)\n")
    }
}
