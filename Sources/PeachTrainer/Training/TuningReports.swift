import PeachCore
import Synchronization

/// Passes a session's events to the trainer's stream, but tuning movements only as the latest
/// one: a controller can move a thousand times a second, and the reader thread that sends each
/// bend should not also wake the trainer a thousand times to report them. One report waits in
/// the stream at a time; moves that come while it waits only replace its value. Any other event
/// first posts the waiting value, so reports never change places with the events around them.
final class TuningReports: Sendable {
    private struct Slot {
        var offset: Cents?
        /// Which posted report may take `offset`: an older one, still in the stream after its
        /// value went out with a later event, finds nothing.
        var report = 0
    }

    private let slot = Mutex(Slot())
    private let generation: Int
    private let post: @Sendable (TrainerInput) -> Void

    /// - Parameters: generation: the session's; post: appends to the trainer's stream.
    init(generation: Int, post: @escaping @Sendable (TrainerInput) -> Void) {
        self.generation = generation
        self.post = post
    }

    /// A session event, on whatever thread published it (the session publishes in order).
    func receive(_ event: SessionEvent) {
        if case .matching(.tunableAdjusted(let offset)) = event {
            let report: Int? = slot.withLock { slot in
                defer { slot.offset = offset }
                guard slot.offset == nil else { return nil }
                slot.report += 1
                return slot.report
            }
            if let report { post(.tuningReport(self, report)) }
            return
        }
        if let waiting = slot.withLock({ slot in defer { slot.offset = nil }; return slot.offset }) {
            post(.session(generation: generation, .matching(.tunableAdjusted(offset: waiting))))
        }
        post(.session(generation: generation, event))
    }

    /// The trainer reads report `report`: the latest movement, unless it already went out.
    func take(_ report: Int) -> SessionEvent? {
        slot.withLock { slot in
            guard slot.report == report, let offset = slot.offset else { return nil }
            slot.offset = nil
            return .matching(.tunableAdjusted(offset: offset))
        }
    }

    /// The session the reports come from.
    var sessionGeneration: Int { generation }
}
