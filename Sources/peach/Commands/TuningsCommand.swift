import ArgumentParser
import Foundation
import PeachCore
import PeachSettings

/// `peach tunings`: the built-in tunings with each pitch class's deviation from equal temperament.
struct TuningsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tunings",
        abstract: "List the built-in tunings with their deviations from equal temperament per pitch class.",
        discussion: """
            Each row gives the cents by which a key deviates from equal temperament, relative to \
            degree 0 (C), as temperament tables print them; in training A4 sounds at the reference \
            pitch. In a temperament an interval's size depends on the key it starts from. \
            Just intonation sizes every interval pure from the reference note. With TUNING (a name \
            or a 12-note Scala file, scale.scl[,map.kbm]) only that one is shown.

            Train in one with `peach train --tuning NAME` or the setting tuning; hear one with \
            `peach play --tuning NAME C4 E4`.
            """)

    @Argument(help: ArgumentHelp("A built-in name or a Scala file (scale.scl[,map.kbm]).", valueName: "tuning"),
              transform: OptionValues.tuning)
    var tuning: Tuning?

    func run() throws {
        let tunings = tuning.map { [$0] } ?? Tuning.builtIns
        // As every command writes: a failed write is an error, a closed pipe (`| head`) is quiet.
        try StandardOutput.write(TuningTable.text(tunings) + "\n")
    }
}

/// The table `peach tunings` prints: one row of twelve deviations per tuning, then what each is.
enum TuningTable {
    static let pitchClasses = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "G#", "A", "Bb", "B"]

    static func text(_ tunings: [Tuning]) -> String {
        let nameWidth = max(16, tunings.map(\.name.terminalSafe.count).max() ?? 0)
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        func right(_ text: String) -> String { String(repeating: " ", count: max(0, 7 - text.count)) + text }
        var lines = [pad("tuning", nameWidth) + pitchClasses.map(right).joined()]
        for tuning in tunings {
            let row: String
            if let scale = tuning.scale {
                row = scale.deviationsFromEqualTemperament.map { right(abs($0) < 0.005 ? "0.00" : String(format: "%+.2f", $0)) }.joined()
            } else if tuning == .equalTemperament {
                row = String(repeating: right("0.00"), count: 12)
            } else {
                row = "  pure intervals from every reference note"
            }
            lines.append(pad(tuning.name.terminalSafe, nameWidth) + row)
        }
        lines.append("")
        for tuning in tunings {
            // A Scala scale's anchor may differ; the built-ins' is the one the discussion names.
            let about = tuning.identifier.isScala ? "\(tuning.summary), \(tuning.scale!.anchor)" : tuning.summary
            lines.append("\(tuning.name.terminalSafe): \(about.terminalSafe)")
        }
        return lines.joined(separator: "\n")
    }
}
