import Foundation
import Glibc
import PeachTestSupport
import Synchronization
import Testing

@testable import ALSASequencer

@Suite("The reader thread's realtime priority", .timeLimit(.minutes(Patience.minutes(1))))
struct ReaderPriorityTests {
    /// The policy and priority a thread has after `apply`, read back from the kernel.
    private struct Applied: Sendable {
        let outcome: ReaderScheduling
        let policy: Int32
        let priority: Int32
    }

    /// Runs `apply` on a thread of its own (as the reader does), never on the test's.
    private static func applied(_ priority: ReaderPriority) async -> Applied {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                let outcome = ReaderScheduling.apply(priority)
                var policy: Int32 = 0
                var parameters = sched_param()
                _ = pthread_getschedparam(pthread_self(), &policy, &parameters)
                continuation.resume(returning: Applied(outcome: outcome, policy: policy, priority: parameters.sched_priority))
            }
            thread.start()
        }
    }

    @Test("asked for 10: the thread runs SCHED_FIFO at 10, or, where the system refuses, at normal priority and says why")
    func realtime() async {
        let applied = await Self.applied(.realtime(10))
        switch applied.outcome {
        case .realtime(let priority):
            #expect(priority == 10)
            // The policy comes back with SCHED_RESET_ON_FORK set beside SCHED_FIFO.
            #expect(applied.policy & ~0x4000_0000 == SCHED_FIFO && applied.priority == 10, "\(applied)")
        case .refused(let priority, let reason):
            #expect(priority == 10)
            #expect(reason.contains("RLIMIT_RTPRIO"), "\(reason)")
            #expect(applied.policy == SCHED_OTHER, "\(applied)")
        case .inherited:
            Issue.record("a realtime request came out as inherited")
        }
    }

    @Test("inherited leaves the thread as it was; a level outside 1…99 is refused without asking the kernel")
    func inheritedAndOutOfRange() async {
        let inherited = await Self.applied(.inherited)
        #expect(inherited.outcome == .inherited)
        #expect(inherited.policy == SCHED_OTHER)
        for level in [0, 100] {
            let applied = await Self.applied(.realtime(level))
            #expect(applied.outcome == .refused(priority: level, reason: "not within 1…99"))
            #expect(applied.policy == SCHED_OTHER)
        }
    }

    @Test("EPERM is explained by the limit that would allow it; another error by its own text")
    func reasons() {
        #expect(ReaderScheduling.reason(for: EPERM, wanted: 50).hasPrefix("not permitted: RLIMIT_RTPRIO is "))
        #expect(ReaderScheduling.reason(for: EPERM, wanted: 50).hasSuffix(", below 50"))
        #expect(ReaderScheduling.reason(for: EINVAL, wanted: 50) == String(cString: strerror(EINVAL)))
    }

    @Test("what each outcome says, for the log and doctor")
    func descriptions() {
        #expect(ReaderScheduling.inherited.description == "normal priority")
        #expect(ReaderScheduling.realtime(50).description == "realtime priority 50 (SCHED_FIFO)")
        #expect(ReaderScheduling.refused(priority: 50, reason: "not permitted: RLIMIT_RTPRIO is 0, below 50").description
            == "normal priority: realtime priority 50 was refused (not permitted: RLIMIT_RTPRIO is 0, below 50)")
    }
}
