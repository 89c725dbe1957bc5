import ALSASequencer
import Foundation
import Glibc
import PeachTestSupport
import Testing

/// midi.realtimePriority: the thread of `peach train` that reads the controller (and sends the
/// answer's note-off and the knob's bend) runs SCHED_FIFO at the asked priority; off, no thread
/// of Peach's does. The guest runs the tests as root, so the kernel grants it.
@Suite("peach train: the controller's reader at realtime priority", .serialized, .timeLimit(.minutes(Patience.minutes(2))),
       .enabled(if: KernelSequencer.isPresent, KernelSequencer.skipReason))
struct TrainReaderPriorityTests {
    /// Each thread's (policy, realtime priority), from /proc/PID/task/TID/stat (fields 41 and 40).
    static func threadScheduling(of pid: Int32) throws -> [(policy: Int, priority: Int)] {
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
        return tasks.compactMap { tid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/task/\(tid)/stat", encoding: .utf8),
                  let end = stat.lastIndex(of: ")") else { return nil }
            // After the name in parentheses come the fields from 3 (state) on.
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            guard fields.count > 38, let priority = Int(fields[37]), let policy = Int(fields[38]) else { return nil }
            return (policy, priority)
        }
    }

    @Test("by default one thread runs SCHED_FIFO at 50; with midi.realtimePriority 20 at 20; off, none does",
          arguments: [(nil, 50), ("20", 20), ("off", nil)] as [(String?, Int?)])
    func priority(setting: String?, expected: Int?) async throws {
        let synth = try SequencerClient(name: "Test Synth")
        defer { synth.close() }
        let run = try TrainRun(["comparison", "--to", "\(synth.inputPort)"],
                               environment: setting.map { ["PEACH_MIDI_REALTIME_PRIORITY": $0] } ?? [:])
        defer { run.remove() }
        let started = await run.process.firstLine { $0.contains("\"trialStarted\"") }
        #expect(started != nil, "training started")
        let threads = try Self.threadScheduling(of: run.process.process.processIdentifier)
        run.process.send(signal: SIGTERM)
        let outcome = try await run.process.finished(within: .seconds(30))
        #expect(outcome.status == 0, "\(outcome)")
        let realtime = threads.filter { $0.policy == Int(SCHED_FIFO) }
        if let expected {
            #expect(realtime.count == 1 && realtime.first?.priority == expected, "threads: \(threads)")
        } else {
            #expect(realtime.isEmpty, "threads: \(threads)")
        }
        #expect(threads.count > 1, "the threads were read: \(threads)")
    }
}
