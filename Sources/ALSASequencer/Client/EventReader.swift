import CAlsa
import Foundation
import Glibc
import Synchronization

/// The dedicated reader thread: blocks in poll() on the sequencer's descriptors and a wake-up
/// pipe, drains every pending event when woken, and stops when `stop()` writes to the pipe.
/// It never spins: between events it sleeps in the kernel.
final class EventReader: Sendable {
    private let sequencerDescriptors: [pollfd]
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let stopped = DispatchSemaphore(value: 0)
    private let outcome = Mutex(ReaderScheduling.inherited)
    /// How the thread is scheduled, as it found out when it started.
    var scheduling: ReaderScheduling { outcome.withLock { $0 } }

    /// `drain` reads and decodes everything pending (under the client's lock); nil means the
    /// client is gone. `deliver` hands the batch on. `finished` runs when the thread ends, also
    /// when it ends on its own because the sequencer descriptor failed.
    /// `priority` is applied by the thread to itself before it first waits; `init` returns once
    /// it has, so `scheduling` says what it got.
    init(descriptors: [pollfd], priority: ReaderPriority = .inherited,
         drain: @escaping @Sendable () -> [SequencerEvent]?,
         deliver: @escaping @Sendable ([SequencerEvent]) -> Void,
         finished: @escaping @Sendable () -> Void) throws(SequencerError)
    {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw .alsa(call: "pipe", code: -errno, message: String(cString: strerror(errno)), hint: nil)
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }  // not inherited by programs we start
        sequencerDescriptors = descriptors
        wakeRead = ends[0]
        wakeWrite = ends[1]
        let started = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            // Foundation does not name the thread on Linux: it would keep the name of the
            // thread that made it (a Dispatch worker's).
            _ = peach_name_this_thread(SequencerClient.readerThreadName)
            outcome.withLock { $0 = ReaderScheduling.apply(priority) }
            started.signal()
            run(drain: drain, deliver: deliver)
            finished()
            stopped.signal()
        }
        thread.name = SequencerClient.readerThreadName
        thread.start()
        started.wait()
    }

    private func run(drain: () -> [SequencerEvent]?, deliver: ([SequencerEvent]) -> Void) {
        var descriptors = sequencerDescriptors + [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if descriptors.last!.revents != 0 { return }
            // An error condition on the sequencer would make poll return at once forever.
            if descriptors.dropLast().contains(where: { $0.revents & Int16(POLLERR | POLLNVAL | POLLHUP) != 0 }) { return }
            guard let events = drain() else { return }
            deliver(events)
        }
    }

    /// Wakes the thread and waits until it has left its loop; call once.
    func stop() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        stopped.wait()
        Glibc.close(wakeRead)
        Glibc.close(wakeWrite)
    }
}
