import ALSASequencer
import Synchronization

/// The sequencer's ports by address, as a name lookup sees them; tests add and remove ports.
final class FakePortDirectory: Sendable {
    private let names = Mutex<[SequencerAddress: String]>([:])

    func set(_ name: String?, at address: SequencerAddress) { names.withLock { $0[address] = name } }
    func name(at address: SequencerAddress) -> String? { names.withLock { $0[address] } }
}
