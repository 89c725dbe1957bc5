import PeachCore
import Synchronization

/// Passes a session's events to the trainer's stream, but tuning movements at display rate: a
/// controller can move a thousand times a second, and the reader thread that sends each bend
/// must not also wake the trainer (and, behind it, the screen's writer) a thousand times to
/// report them. Under emulation those wake-ups took the CPU the reader needed and made the
/// bends fall behind (BENCHMARKS.md, figure 5).
///
/// The first movement is reported at once; then, while the control keeps moving, one report of
/// the latest value per `reportInterval` (the cool-down re-arms only while moves come, so a
/// control at rest costs nothing). Any other event first posts the waiting value, so reports
/// never change places with the events around them.
final class TuningReports: Sendable {
    private struct Slot {
        var offset: Cents?
        /// Which posted report may take `offset`: an older one, still in the stream after its
        /// value went out with a later event, finds nothing.
        var report = 0
        /// A report went out less than `reportInterval` ago: moves now only replace `offset`.
        var coolingDown = false
    }

    /// How often, at most, tuning movements reach the trainer: the screen's refresh, not the
    /// control's rate. The bend itself leaves at every movement, from the reader thread.
    static let reportInterval: Duration = .milliseconds(33)

    private let slot = Mutex(Slot())
    private let generation: Int
    private let post: @Sendable (TrainerInput) -> Void
    private let afterInterval: @Sendable (@escaping @Sendable () -> Void) -> Void

    /// - Parameters: generation: the session's; post: appends to the trainer's stream;
    ///   afterInterval: calls its argument once `reportInterval` has passed (a clock's sleep;
    ///   tests call it by hand).
    init(generation: Int, post: @escaping @Sendable (TrainerInput) -> Void,
         afterInterval: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        self.generation = generation
        self.post = post
        self.afterInterval = afterInterval
    }

    /// Reports at display rate on `clock`.
    convenience init(generation: Int, clock: any Clock<Duration>, post: @escaping @Sendable (TrainerInput) -> Void) {
        self.init(generation: generation, post: post) { fire in
            Task {
                guard (try? await clock.sleep(for: Self.reportInterval)) != nil else { return }
                fire()
            }
        }
    }

    /// A session event, on whatever thread published it (the session publishes in order).
    func receive(_ event: TrialEvent) {
        if case .tuningMoved(let offset) = event {
            let report: Int? = slot.withLock { slot in
                slot.offset = offset
                guard !slot.coolingDown else { return nil }
                slot.coolingDown = true
                slot.report += 1
                return slot.report
            }
            if let report { send(report) }
            return
        }
        let waiting: Cents? = slot.withLock { slot in
            defer { slot.offset = nil }
            slot.report += 1  // a report still in the stream must not carry a later movement ahead of this event
            return slot.offset
        }
        if let waiting {
            post(.session(generation: generation, .tuningMoved(waiting)))
        }
        post(.session(generation: generation, event))
    }

    /// The trainer reads report `report`: the latest movement, unless it already went out.
    func take(_ report: Int) -> TrialEvent? {
        slot.withLock { slot in
            guard slot.report == report, let offset = slot.offset else { return nil }
            slot.offset = nil
            return .tuningMoved(offset)
        }
    }

    /// The session the reports come from.
    var sessionGeneration: Int { generation }

    private func send(_ report: Int) {
        post(.tuningReport(self, report))
        afterInterval { [weak self] in self?.coolDownEnded() }
    }

    /// Moves came meanwhile and their value still waits: report it and cool down again.
    private func coolDownEnded() {
        let report: Int? = slot.withLock { slot in
            guard slot.offset != nil else {
                slot.coolingDown = false
                return nil
            }
            slot.report += 1
            return slot.report
        }
        if let report { send(report) }
    }
}
