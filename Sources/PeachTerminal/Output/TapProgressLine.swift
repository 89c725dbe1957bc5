import Synchronization

/// `peach calibrate`'s count of the taps heard so far, rewritten in place on a terminal
/// ("tap 5 of 20"): a player tapping along sees each tap arrive, and that the pad is heard at
/// all, instead of twenty seconds of silence before the result.
public final class TapProgressLine: Sendable {
    private let output: any TextOutput
    private let total: Int
    private let shown = Mutex(false)

    public init(output: any TextOutput, total: Int) {
        self.output = output
        self.total = total
    }

    /// The `count`th tap arrived (taps beyond the clicks still read "of" the clicks' count).
    public func tapped(_ count: Int) {
        shown.withLock { shown in
            shown = true
            output.write("\r\u{1B}[2Ktap \(min(count, total)) of \(total)")
        }
    }

    /// Clears the line, if it was ever shown, for what follows.
    public func clear() {
        shown.withLock { shown in
            guard shown else { return }
            shown = false
            output.write("\r\u{1B}[2K")
        }
    }
}
