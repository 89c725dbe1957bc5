import PeachTerminal

/// Keeps one status line at the bottom of the terminal: redraws it in place, prints messages
/// above it, and leaves the cursor on a fresh line at the end.
public struct StatusLineWriter: Sendable {
    /// Back to column 0, erase the line.
    static let clearLine = "\r\u{1B}[2K"

    private let output: any TextOutput
    private let columns: @Sendable () -> Int
    public var renderer: StatusLineRenderer
    /// The line on screen now; nil when none is drawn.
    public private(set) var current: String?
    private var lastStatus: TrainingStatus?

    /// - Parameter columns: the terminal's width, asked before every redraw (so a resized
    ///   terminal is followed), e.g. `{ TerminalSize.columns(of: 1) ?? TerminalSize.defaultColumns }`.
    public init(output: any TextOutput, renderer: StatusLineRenderer, columns: @escaping @Sendable () -> Int) {
        self.output = output
        self.renderer = renderer
        self.columns = columns
    }

    /// Draws `status` over the current line, if it looks different.
    public mutating func show(_ status: TrainingStatus) {
        lastStatus = status
        let line = render(status)
        guard line != current else { return }
        output.write(Self.clearLine + line)
        current = line
    }

    /// Prints `message` on its own line above the status line, which is drawn again below it.
    public mutating func printAbove(_ message: String) {
        var text = Self.clearLine + message + "\n"
        current = nil
        if let lastStatus {
            let line = render(lastStatus)
            text += line
            current = line
        }
        output.write(text)
    }

    /// Leaves the last status line on screen and the cursor at the start of the next line.
    public mutating func finish() {
        guard current != nil else { return }
        output.write("\n")
        current = nil
        lastStatus = nil
    }

    /// The cursor goes to a fresh line, e.g. for the shell before the process stops (Ctrl-Z),
    /// or for a message on stderr when training ends without its summary; the line is
    /// remembered for `redraw()`.
    public mutating func leaveLine() {
        guard current != nil else { return }
        output.write("\n")
        current = nil
    }

    /// Draws the last status again, e.g. after the process continued (fg) and the shell wrote
    /// its own lines.
    public mutating func redraw() {
        guard let lastStatus else { return }
        let line = render(lastStatus)
        output.write(Self.clearLine + line)
        current = line
    }

    /// The terminal's width changed (SIGWINCH): a terminal that reflows has wrapped the old line
    /// onto as many rows as it now needs, with the cursor on the last; those rows are erased
    /// (up, then to the end of the screen) and the line is drawn again at the new width.
    public mutating func resized() {
        guard let current, let lastStatus else { return }
        let width = max(columns(), 1)
        let rows = (Self.visibleColumns(of: current) + width - 1) / width
        let line = render(lastStatus)
        output.write("\r" + (rows > 1 ? "\u{1B}[\(rows - 1)A" : "") + "\u{1B}[J" + line)
        self.current = line
    }

    /// Columns on screen, without the colours' escape sequences (ESC [ … m).
    private static func visibleColumns(of line: String) -> Int {
        var columns = 0
        var inEscape = false
        for character in line {
            if character == "\u{1B}" {
                inEscape = true
            } else if inEscape {
                if character == "m" { inEscape = false }
            } else {
                columns += DisplayWidth.columns(of: character)
            }
        }
        return columns
    }

    private func render(_ status: TrainingStatus) -> String {
        // One column spare: writing the last column would leave some terminals about to wrap.
        renderer.render(status, width: max(columns(), 2) - 1)
    }
}
