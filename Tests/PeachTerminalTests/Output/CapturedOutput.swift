import PeachTerminal
import Synchronization

/// Collects what is written, for tests.
final class CapturedOutput: TextOutput {
    private let written = Mutex<[String]>([])
    func write(_ text: String) { written.withLock { $0.append(text) } }
    var writes: [String] { written.withLock { $0 } }
    var text: String { writes.joined() }
}
