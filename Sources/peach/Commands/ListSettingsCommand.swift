import ArgumentParser
import Foundation
import PeachCore
import PeachSettings

/// `peach settings [list]`: every setting with its effective value and source.
struct ListSettingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Print every setting, its effective value and where it comes from.")

    @OptionGroup var options: SettingsFileOptions
    @Flag(help: "Print JSON instead of a table.") var json = false

    func run() async throws {
        let settings = try await SettingsComposition.makeSettings(configPath: options.configPath)
        let entries = settings.current.entries
        try StandardOutput.write((json ? try SettingsJSON.render(entries) : SettingsTable.render(entries)) + "\n")
    }
}

/// A table with aligned columns.
enum SettingsTable {
    static func render(_ entries: [SettingReportEntry]) -> String {
        // A value from a file or a PEACH_ variable may hold escape sequences: shown, not obeyed.
        let rows = [["KEY", "VALUE", "SOURCE"]]
            + entries.map { [$0.key, $0.displayValue.terminalSafe, $0.origin.description.terminalSafe] }
        let widths = (0..<2).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row[0].padding(toLength: widths[0] + 2, withPad: " ", startingAt: 0)
                + row[1].padding(toLength: widths[1] + 2, withPad: " ", startingAt: 0)
                + row[2]
        }.joined(separator: "\n")
    }
}

/// Entries as JSON objects for scripts.
enum SettingsJSON {
    private struct Item: Encodable {
        let key: String
        let value: String
        let source: String
        let environmentVariable: String
    }

    static func render(_ entries: [SettingReportEntry]) throws -> String {
        try render(entries.map(item))
    }

    static func render(_ entry: SettingReportEntry) throws -> String {
        try render(item(entry))
    }

    private static func item(_ entry: SettingReportEntry) -> Item {
        Item(key: entry.key, value: entry.value, source: entry.origin.description,
             environmentVariable: entry.environmentVariable)
    }

    private static func render(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
