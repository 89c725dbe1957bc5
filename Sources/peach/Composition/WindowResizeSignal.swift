import Dispatch
import Glibc

/// SIGWINCH: the terminal's width changed. `resized` runs on the dispatch queue, so the status
/// line can erase the rows a reflowing terminal wrapped it onto at once, not at its next redraw.
final class WindowResizeSignal {
    private let source: any DispatchSourceSignal

    init(queue: DispatchQueue = DispatchQueue(label: "peach.window-resize"), resized: @escaping @Sendable () -> Void) {
        source = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: queue)
        source.setEventHandler { resized() }
        // Ignored by default anyway; a dispatch source needs the disposition set to ignore.
        signal(SIGWINCH, SIG_IGN)
        source.resume()
    }

    func cancel() {
        source.cancel()
        signal(SIGWINCH, SIG_DFL)
    }
}
