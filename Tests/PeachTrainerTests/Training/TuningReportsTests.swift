@testable import PeachTrainer
import PeachCore
import Synchronization
import Testing

/// A thousand moves a second must not mean a thousand trainer wake-ups, and what is reported
/// must stay in the order it happened.
struct TuningReportsTests {
    /// What the trainer would see: each posted input, reports resolved when read.
    private final class Stream: Sendable {
        let posted = Mutex<[TrainerInput]>([])
        func post(_ input: TrainerInput) { posted.withLock { $0.append(input) } }

        /// Reads everything posted so far, as the trainer does.
        func read() -> [String] {
            let inputs = posted.withLock { posted in defer { posted.removeAll() }; return posted }
            return inputs.compactMap { input in
                switch input {
                case .session(_, let event): describe(event)
                case .tuningReport(let reports, let report): reports.take(report).map(describe)
                default: "other"
                }
            }
        }

        func describe(_ event: TrialEvent) -> String {
            switch event {
            case .tuningMoved(let offset): "moved \(offset.rawValue)"
            case .stateChanged(let state): "\(state)"
            default: "other"
            }
        }

        var count: Int { posted.withLock { $0.count } }
    }

    /// The cool-downs armed and not yet ended; `end()` ends the oldest, as the clock would.
    private final class CoolDowns: Sendable {
        private let waiting = Mutex<[@Sendable () -> Void]>([])
        func arm(_ fire: @escaping @Sendable () -> Void) { waiting.withLock { $0.append(fire) } }
        var count: Int { waiting.withLock { $0.count } }
        func end() {
            let fire = waiting.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            fire?()
        }
    }

    private func moved(_ cents: Double) throws -> TrialEvent { .tuningMoved(try Cents(cents)) }

    private func reports(_ stream: Stream, _ coolDowns: CoolDowns = CoolDowns()) -> TuningReports {
        TuningReports(generation: 1, post: stream.post, afterInterval: coolDowns.arm)
    }

    @Test func manyMovesWaitAsOneReportWithTheLatestValue() throws {
        let stream = Stream()
        let reports = reports(stream)
        for step in 1...1000 { reports.receive(try moved(Double(step) / 100)) }
        #expect(stream.count == 1)
        #expect(stream.read() == ["moved 10.0"])
    }

    @Test func aMovementWaitingGoesOutBeforeTheNextEvent() throws {
        let stream = Stream()
        let coolDowns = CoolDowns()
        let reports = reports(stream, coolDowns)
        reports.receive(try moved(1))
        reports.receive(try moved(2))
        reports.receive(PitchMatchingEvent.stateChanged(.showingFeedback).trialEvent)
        reports.receive(try moved(3))
        // The first report, still unread, must not carry the later trial's movement ahead of
        // the feedback.
        #expect(stream.read() == ["moved 2.0", "showingFeedback"])
        coolDowns.end()
        #expect(stream.read() == ["moved 3.0"])
    }

    @Test func movesDuringTheCoolDownAreReportedOnceWhenItEnds() throws {
        let stream = Stream()
        let coolDowns = CoolDowns()
        let reports = reports(stream, coolDowns)
        reports.receive(try moved(1))
        #expect(stream.read() == ["moved 1.0"])
        reports.receive(try moved(2))
        reports.receive(try moved(4))
        #expect(stream.count == 0)
        coolDowns.end()
        #expect(stream.read() == ["moved 4.0"])
        #expect(coolDowns.count == 1)  // still moving: one more cool-down
        coolDowns.end()
        #expect(stream.count == 0)
        #expect(coolDowns.count == 0)  // at rest: nothing armed
        reports.receive(try moved(5))  // the next movement is reported at once again
        #expect(stream.read() == ["moved 5.0"])
    }

    @Test func aThousandMovesInOneCoolDownWakeTheTrainerTwice() throws {
        let stream = Stream()
        let coolDowns = CoolDowns()
        let reports = reports(stream, coolDowns)
        for step in 1...1000 { reports.receive(try moved(Double(step) / 100)) }
        coolDowns.end()
        #expect(stream.count == 2)
        // The first report, unread until now, finds its value gone out with the second.
        #expect(stream.read() == ["moved 10.0"])
    }

    @Test func aValueThatWentOutWithAnotherEventIsNotReportedAgain() throws {
        let stream = Stream()
        let coolDowns = CoolDowns()
        let reports = reports(stream, coolDowns)
        reports.receive(try moved(1))
        reports.receive(try moved(2))
        reports.receive(PitchMatchingEvent.stateChanged(.showingFeedback).trialEvent)
        coolDowns.end()
        #expect(stream.read() == ["moved 2.0", "showingFeedback"])
    }
}
