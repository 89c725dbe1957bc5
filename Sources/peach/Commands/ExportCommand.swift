import ArgumentParser
import Foundation
import PeachStore

/// `peach export [FILE] [--format N]`: every record as a Peach export.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write all training records as a Peach export (CSV format 1, or 2 with rhythm records).",
        discussion: """
            Without FILE the CSV goes to stdout. The file is replaced atomically and readable by you \
            alone (mode 0600). Format 2 is written only when rhythm records are stored; --format 1 \
            writes what the iOS app reads today and leaves the rhythm records out (saying how many).
            """)

    @OptionGroup var store: StoreOptions
    @Argument(help: ArgumentHelp("Where to write the CSV.", valueName: "file")) var file: String?
    @Option(help: ArgumentHelp("The export format, 1 or 2 (default: 2 only when there are rhythm records).",
                               valueName: "n"))
    var format: Int?

    func validate() throws {
        if let format, !PeachExportFormat.supportedVersions.contains(format) {
            throw ValidationError("--format \(format) is not a Peach export format this peach writes (1 or 2)")
        }
    }

    func run() async throws {
        guard let store = try StoreComposition.openExistingStore(store) else {
            try write(PeachCSVExporter.export(ExportedRecords(), version: format))
            return
        }
        if let format {
            let leftOut = try store.recordCounts().filter { $0.format > format }
            if leftOut.contains(where: { $0.count > 0 }) {
                printToStandardError("format \(format) has no place for them: \(leftOut.sentence) were left out")
            }
            let otherTunings = format < PeachExportFormat.tuningIdentifiers ? try store.recordsInOtherTunings() : 0
            if otherTunings > 0 {
                let records = otherTunings == 1 ? "1 pitch record" : "\(otherTunings) pitch records"
                printToStandardError("format \(format) knows only equalTemperament and justIntonation: "
                    + "\(records) in other tunings were left out (format 2 carries them)")
            }
        }
        guard let file else {
            try store.exportCSV(version: format, to: StandardOutput.write)
            return
        }
        // A file error ("cannot write …") or the store's, each printed by its description.
        try PrivateFiles.write(to: file, inProgress: PeachCommand.temporaryFiles) { write in
            try store.exportCSV(version: format, to: write)
        }
    }

    /// The whole text to `file`, replaced atomically, or to standard output.
    private func write(_ csv: String) throws {
        guard let file else {
            try StandardOutput.write(csv)
            return
        }
        do {
            try PrivateFiles.write(Data(csv.utf8), to: file, inProgress: PeachCommand.temporaryFiles)
        } catch {
            throw StoreCommandError(error.description)
        }
    }
}
