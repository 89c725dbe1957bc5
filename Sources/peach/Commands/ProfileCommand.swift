import ArgumentParser
import Foundation
import PeachStore

/// `peach profile [--json] [--svg FILE]`: where the listener stands, from the stored records.
struct ProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Show the perceptual profile built from the stored training records.",
        discussion: """
            Per discipline: count, mean, standard deviation, EWMA, trend and the expert baseline; \
            for comparison also the mean threshold per reference note. --json prints \
            {count, mean, stdDev, ewma, trend} for unisonComparison, intervalComparison, \
            unisonMatching and intervalMatching (count 0 and nulls without data), then rhythm: \
            {offsetDetection, matching}, per tempo and side in percent of a sixteenth note.
            """)

    @OptionGroup var store: StoreOptions
    @Flag(help: "Print JSON instead of text.") var json = false
    @Option(help: ArgumentHelp("Also draw the profile as an SVG image into this file.", valueName: "file"))
    var svg: String?

    func run() async throws {
        let report = try StoreComposition.openExistingStore(store)?.profileReport()
            ?? ProfileReport(comparisons: [], matchings: [])
        if let svg {
            do {
                try PrivateFiles.write(Data(ProfileSVG.render(report).utf8), to: svg, inProgress: PeachCommand.temporaryFiles)
            } catch {
                throw StoreCommandError(error.description)
            }
        }
        try StandardOutput.write(json ? ProfileJSON.render(report) : ProfileText.render(report))
    }
}
