import Glibc

/// How the reader thread is scheduled. A musician's answer and a knob's bend leave from that
/// thread (`onInput`); on a busy machine (a compiler, a software synth, the desktop) a thread
/// at normal priority waits for its time slice behind them, and the reaction with it. At a
/// realtime priority it runs the moment an event arrives, as FluidSynth's own MIDI thread does
/// (its `midi.realtime-prio`, 50 by default). It only ever blocks in poll() between events.
public enum ReaderPriority: Sendable, Equatable {
    /// The process's own scheduling.
    case inherited
    /// SCHED_FIFO at this priority (1…99), where the system allows it: root, CAP_SYS_NICE, or
    /// an RLIMIT_RTPRIO at least this high (Debian's `audio` group, with jackd's limits file).
    case realtime(Int)

    public static let realtimeRange = 1...99
}

/// What the reader thread got.
public enum ReaderScheduling: Sendable, Equatable, CustomStringConvertible {
    case inherited
    case realtime(Int)
    /// Realtime priority was asked for and refused; the thread runs at normal priority.
    case refused(priority: Int, reason: String)

    public var description: String {
        switch self {
        case .inherited: "normal priority"
        case .realtime(let priority): "realtime priority \(priority) (SCHED_FIFO)"
        case .refused(let priority, let reason): "normal priority: realtime priority \(priority) was refused (\(reason))"
        }
    }

    /// Applies `priority` to the calling thread. Programs it starts get normal scheduling
    /// (SCHED_RESET_ON_FORK): a synth Peach launches decides its own.
    static func apply(_ priority: ReaderPriority) -> ReaderScheduling {
        guard case .realtime(let wanted) = priority else { return .inherited }
        guard ReaderPriority.realtimeRange.contains(wanted) else {
            return .refused(priority: wanted, reason: "not within \(ReaderPriority.realtimeRange.lowerBound)…\(ReaderPriority.realtimeRange.upperBound)")
        }
        var parameters = sched_param(sched_priority: Int32(wanted))
        let code = pthread_setschedparam(pthread_self(), SCHED_FIFO | resetOnFork, &parameters)
        return code == 0 ? .realtime(wanted) : .refused(priority: wanted, reason: reason(for: code, wanted: wanted))
    }

    /// SCHED_RESET_ON_FORK, which Glibc's module leaves out (it is a GNU extension).
    private static let resetOnFork: Int32 = 0x4000_0000

    /// Why the kernel said no, in words that point at the fix.
    static func reason(for code: Int32, wanted: Int) -> String {
        guard code == EPERM else { return String(cString: strerror(code)) }
        var limit = rlimit()
        let allowed = getrlimit(__rlimit_resource_t(__RLIMIT_RTPRIO.rawValue), &limit) == 0 ? Int(clamping: limit.rlim_cur) : 0
        return "not permitted: RLIMIT_RTPRIO is \(allowed), below \(wanted)"
    }
}
