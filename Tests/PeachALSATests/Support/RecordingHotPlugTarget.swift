import ALSASequencer
import PeachALSA
import Synchronization

/// A HotPlugTarget that logs what the supervisor asks of it; a test says whether the session
/// was running and whether reconnecting fails.
final class RecordingHotPlugTarget: HotPlugTarget {
    enum Call: Hashable, Sendable {
        case lost(String)
        case returned([PortRole: SequencerAddress], restart: Bool)
    }

    struct ReconnectFailed: Error, CustomStringConvertible {
        var description: String { "subscribing to 130:0 failed" }
    }

    private struct State {
        var calls: [Call] = []
        var running = true
        var failReconnects = 0
    }

    private let state = Mutex(State())

    var calls: [Call] { state.withLock { $0.calls } }
    func setRunning(_ running: Bool) { state.withLock { $0.running = running } }
    func failNextReconnects(_ count: Int) { state.withLock { $0.failReconnects = count } }

    func portLost(_ message: String) async -> Bool {
        state.withLock { state in
            state.calls.append(.lost(message))
            defer { state.running = false }
            return state.running
        }
    }

    func portsReturned(_ addresses: [PortRole: SequencerAddress], restart: Bool) async throws {
        try state.withLock { state in
            state.calls.append(.returned(addresses, restart: restart))
            if state.failReconnects > 0 {
                state.failReconnects -= 1
                throw ReconnectFailed()
            }
            if restart { state.running = true }
        }
    }
}
