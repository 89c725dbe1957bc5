import PeachTerminal
import ArgumentParser
import Foundation
import PeachStore

/// `peach export [FILE]`: every record as Peach export format 1.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write all training records as a Peach export (CSV format 1).",
        discussion: "Without FILE the CSV goes to stdout. The file is replaced atomically and readable by you alone (mode 0600).")

    @OptionGroup var store: StoreOptions
    @Argument(help: ArgumentHelp("Where to write the CSV.", valueName: "file")) var file: String?

    func run() async throws {
        let csv = try StoreComposition.openExistingStore(store)?.exportCSV()
            ?? PeachCSVExporter.export(comparisons: [], matchings: [])
        guard let file else {
            FileDescriptorOutput.standardOutput.write(csv)
            return
        }
        do {
            try PrivateFiles.write(Data(csv.utf8), to: file)
        } catch {
            throw StoreCommandError(error.description)
        }
    }
}
