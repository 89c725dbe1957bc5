import PeachCore

/// Turns terminal keys into the same inputs a MIDI controller gives (`TrainingInput`), for
/// the running session. Pure; the trainer owns one, sets `answers`, calls `trialStarted()` on
/// every new trial and routes the results like `ControllerMapping`'s. The keys: `help`.
public struct TerminalKeyMapping: Sendable {
    /// What answers are in the running session; nil: only commands are mapped.
    public var answers: AnswerVocabulary?
    /// The tuning position, −1…1 over the session's ±20-cent control span; 0 at a trial's start.
    public var position: Double { Double(tenthsOfCents) / Self.spanTenths }

    /// One arrow press moves by a cent, with shift (or ↓/↑) by a tenth.
    public static let coarseStepCents = 1.0
    public static let fineStepCents = 0.1

    /// Counting tenths of a cent keeps repeated steps exact.
    private var tenthsOfCents = 0
    private var touched = false
    private static let spanTenths = (PitchMatchingSession.controlSpan.rawValue * 10).rounded()

    public init(answers: AnswerVocabulary? = nil) {
        self.answers = answers
    }

    /// A new trial: the tuning position goes back to the middle (the tunable note's initial
    /// offset), and the next movement is a touch again.
    public mutating func trialStarted() {
        tenthsOfCents = 0
        touched = false
    }

    /// - Parameter now: the time on the clock taps are stamped with (for a space-bar tap);
    ///   nil when unknown.
    public mutating func map(_ key: TerminalKey, now: UInt64? = nil) -> [TrainingInput] {
        // Where answers are taps the space bar is the pad of last resort; p still pauses (the
        // route turns a tap into start/stop while nothing runs, so space goes on after a pause).
        if answers == .tap, key == .space { return [.tap(nanoseconds: now)] }
        switch key {
        case .space, .character("p"), .character("P"): return [.command(.startStop)]
        case .tab, .character("m"), .character("M"): return [.command(.nextMode)]
        case .character("q"), .character("Q"): return [.command(.quit)]
        default: break
        }
        switch answers {
        case .higherOrLower:
            switch key {
            case .up, .character("h"), .character("H"): return [.answer(higher: true)]
            case .down, .character("l"), .character("L"): return [.answer(higher: false)]
            default: return []
            }
        case .tuning:
            switch key {
            case .enter: return [.commit]
            case .right: return move(tenths: 10)
            case .left: return move(tenths: -10)
            case .up, .modified(.right, _), .modified(.up, _): return move(tenths: 1)
            case .down, .modified(.left, _), .modified(.down, _): return move(tenths: -1)
            default: return []
            }
        case .earlyOrLate:
            switch key {
            case .left, .character("e"), .character("E"): return [.timing(early: true)]
            case .right, .character("l"), .character("L"): return [.timing(early: false)]
            default: return []
            }
        case .tap:
            return key == .enter ? [.tap(nanoseconds: now)] : []
        case nil:
            return []
        }
    }

    /// `.touch` then `.adjust` on the trial's first movement; afterwards `.adjust` when the
    /// position changed (not at an end it is already at).
    private mutating func move(tenths: Int) -> [TrainingInput] {
        let limit = Int(Self.spanTenths)
        let moved = min(max(tenthsOfCents + tenths, -limit), limit)
        defer { tenthsOfCents = moved }
        guard touched else {
            touched = true
            return [.touch, .adjust(Double(moved) / Self.spanTenths)]
        }
        return moved == tenthsOfCents ? [] : [.adjust(Double(moved) / Self.spanTenths)]
    }

    /// The keys, one row per session of the run's family (and one for what works in all).
    static func helpRows(rhythm: Bool) -> [(label: String, keys: [String])] {
        rhythm ? [
            ("offset", ["← or e early", "→ or l late"]),
            // A key is timed when Peach reads it, not stamped by the kernel as a pad is.
            ("matching", ["space or Enter taps (a few ms coarser than a pad)"]),
            ("always", ["p start/stop (space too while paused)", "m or Tab next mode", "q quit (Ctrl-C too)"]),
        ] : [
            ("comparison", ["↑ or h higher", "↓ or l lower"]),
            ("matching", ["←/→ tune by 1 cent", "shift+←/→ or ↓/↑ by 0.1 cent", "Enter commit"]),
            ("always", ["space or p start/stop", "m or Tab next mode", "q quit (Ctrl-C too)"]),
        ]
    }

    /// The keys, for the trainer to print at start, on lines of at most `columns` columns:
    /// broken between keys (or at spaces), never inside a word, continuing under the keys.
    public static func help(columns: Int, rhythm: Bool = false) -> String {
        let helpRows = helpRows(rhythm: rhythm)
        let head = "keys: "
        let labelWidth = helpRows.map { DisplayWidth.columns(of: $0.label) }.max() ?? 0
        let alignedIndent = String(repeating: " ", count: head.count + labelWidth + 2)
        // On a very narrow terminal the aligned column would leave no room for the keys.
        let aligned = columns - alignedIndent.count >= 20
        var lines: [String] = []
        for (index, row) in helpRows.enumerated() {
            let label = (index == 0 ? head : String(repeating: " ", count: head.count)) + row.label
            let first = aligned ? label + String(repeating: " ", count: alignedIndent.count - label.count) : label + " "
            lines += TextWrapping.lines(of: row.keys, separator: " · ", width: columns, firstIndent: first,
                                        indent: aligned ? alignedIndent : "  ")
        }
        return lines.joined(separator: "\n")
    }

    /// The keys on lines as wide as they need.
    public static var help: String { help(columns: .max) }
}
