import ArgumentParser
import Foundation
import PeachCore
import PeachReport
import PeachStore

/// `peach profile [--full] [--json] [--svg FILE]`: where the listener stands, from the stored records.
struct ProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Show the perceptual profile built from the stored training records.",
        discussion: """
            Per discipline: the threshold (comparison: the offset heard 75 % of the time) or the \
            spread of the errors (matching), estimated from every trial with its 95 % interval, \
            and where it stood a week ago; then rhythm per tempo. --full adds the estimate per \
            octave, the running figures of the correct answers (count, mean, SD, EWMA, trend) and \
            their mean |offset| per reference note. --json prints {count, mean, stdDev, ewma, \
            trend, threshold} for unisonComparison, intervalComparison, unisonMatching and \
            intervalMatching (count 0 and nulls without data), then rhythm: {offsetDetection, \
            matching}, per tempo and side in percent of a sixteenth note, and where interval \
            trials in other tunings than equalTemperament and justIntonation exist, otherTunings \
            (each tuning's own estimate per interval discipline and its intervals, kept apart from \
            the disciplines' figures). --svg draws the profile into a file and prints nothing \
            else unless --json or --full asks for it.
            """)

    @OptionGroup var store: StoreOptions
    @Flag(help: "Print JSON instead of text.") var json = false
    @Flag(help: "Print every figure: per register, the running figures and the reference notes.") var full = false
    @Option(help: ArgumentHelp("Draw the profile as an SVG image into this file (and print no text unless asked).",
                               valueName: "file"))
    var svg: String?

    func run() async throws {
        // The history over time is drawn only: text and JSON skip its pass and its estimates.
        // From today's kept tally where there is one, without the whole file's check (its cost
        // follows the file's size); else opened as usual, checked, and a tally kept for the next.
        let unchecked = StoreComposition.openForKeptReport(store)
        let kept = try unchecked?.keptProfileReport(history: svg != nil)
        let opened = kept == nil ? try StoreComposition.openExistingStore(store) : unchecked
        let report = try kept ?? opened?.profileReport(history: svg != nil) ?? ProfileReport(comparisons: [], matchings: [])
        if let svg {
            do {
                try PrivateFiles.write(Data(ProfileSVG.render(report).utf8), to: svg, inProgress: PeachCommand.temporaryFiles)
            } catch {
                throw StoreCommandError(error.description)
            }
            // The drawing was asked for, not the text: say where it went, in one line.
            guard json || full else {
                try StandardOutput.write("Profile drawn to \(svg.terminalSafe).\n")
                return
            }
        }
        try StandardOutput.write(json ? ProfileJSON.render(report) : ProfileText.render(report, full: full))
        // The running figures of interval trials in other tunings, which the disciplines' leave
        // out (issue 32); the text above has each tuning's estimate.
        if !json, full, let tuned = try opened?.tunedIntervalStatistics(), !tuned.isEmpty {
            try StandardOutput.write("\nRunning figures in other tunings, not the estimates above:\n"
                + tuned.map { "  \($0.line)\n" }.joined())
        }
    }
}
