import Synchronization

/// `peach calibrate`'s count of the taps heard so far, rewritten in place on a terminal
/// ("tap 5 of 20"): a player tapping along sees each tap arrive, and that the pad is heard at
/// all, instead of twenty seconds of silence before the result.
public final class TapProgressLine: Sendable {
    private let output: any TextOutput
    private let total: Int
    /// Whether the line is on screen, and whether it is finished (a tap after that shows nothing).
    private let state = Mutex((shown: false, finished: false))

    public init(output: any TextOutput, total: Int) {
        self.output = output
        self.total = total
    }

    /// The `count`th tap arrived (taps beyond the clicks still read "of" the clicks' count).
    public func tapped(_ count: Int) {
        state.withLock { state in
            guard !state.finished else { return }
            state.shown = true
            output.write("\r\u{1B}[2Ktap \(min(count, total)) of \(total)")
        }
    }

    /// Clears the line, if it was shown, for what follows; a later tap (the reader thread may
    /// still deliver one) shows nothing, so the result never lands behind a count.
    public func finish() {
        state.withLock { state in
            defer { state = (false, true) }
            guard state.shown else { return }
            output.write("\r\u{1B}[2K")
        }
    }
}
