import ALSASequencer
import PeachCore
import Synchronization

/// The controller's note-ons (velocity above 0) and their kernel stamps, from the reader thread.
public final class TapCollector: Sendable {
    private let source: SequencerAddress
    private let taps = Mutex<[RhythmInstant]>([])
    /// Hears the count of taps so far after each one.
    private let onTap: @Sendable (Int) -> Void

    public init(source: SequencerAddress, onTap: @escaping @Sendable (Int) -> Void = { _ in }) {
        self.source = source
        self.onTap = onTap
    }

    public func receive(_ event: SequencerEvent) {
        guard event.source == source, case .noteOn(_, _, let velocity)? = event.midiMessage, velocity > 0,
              let stamp = event.timestampNanoseconds else { return }
        let count = taps.withLock { taps in
            taps.append(RhythmInstant(nanoseconds: Int64(clamping: stamp)))
            return taps.count
        }
        onTap(count)
    }

    public func taken() -> [RhythmInstant] { taps.withLock { $0 } }
}
