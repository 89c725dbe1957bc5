import ALSASequencer
import Foundation
import Glibc
import PeachTestSupport
import Testing

/// Signals in the first moments of `peach train` (systemd stopping a rig that has just
/// started, a user's quick Ctrl-C): each ends the run cleanly with 0, none is lost.
@Suite("peach train: signals at start-up", .serialized, .timeLimit(.minutes(Patience.minutes(5))),
       .enabled(if: KernelSequencer.isPresent, KernelSequencer.skipReason))
struct TrainStartUpSignalTests {
    /// After the handlers are in place, at moments spread over the start-up: the store and
    /// sequencer opening, the synth's set-up, the first note.
    static let moments: [(signal: Int32, delay: Duration)] = [
        (SIGTERM, .zero), (SIGINT, .milliseconds(5)), (SIGHUP, .milliseconds(20)), (SIGTERM, .milliseconds(50)),
        (SIGINT, .milliseconds(100)), (SIGTERM, .milliseconds(200)), (SIGHUP, .milliseconds(400)),
        (SIGINT, .milliseconds(800)), (SIGTERM, .milliseconds(1500)), (SIGINT, .milliseconds(3000)),
    ]

    @Test("SIGTERM, SIGINT and SIGHUP from the first line of main on: exit 0 every time, nothing left sounding")
    func signalsAtStartUp() async throws {
        let synth = try SequencerClient(name: "Test Synth")
        defer { synth.close() }
        let received = EventCollector(synth.events())
        // Two lanes of runs side by side, each moment in turn within its lane: the same moments in
        // about half the time, and each start beside another, as on a busy rig.
        let lanes = [0, 1].map { lane in Self.moments.enumerated().filter { $0.offset % 2 == lane }.map(\.element) }
        let notes = try await withThrowingTaskGroup(of: [String].self) { group in
            for lane in lanes {
                group.addTask { try await Self.signal(at: lane, synth: synth) }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(SoundingNotes.stillSounding(await received.events).isEmpty, "a note was left sounding")
        print("start-up signal moments: " + notes.joined(separator: "; "))
    }

    /// One `peach train` per moment, in turn: each sent its signal once the handler is in place
    /// and `delay` has passed; returns when each handler was seen.
    private static func signal(at moments: [(signal: Int32, delay: Duration)], synth: SequencerClient) async throws -> [String] {
        var notes: [String] = []
        for (signal, delay) in moments {
            let run = try TrainRun(["comparison", "--to", "\(synth.inputPort)"])
            defer { run.remove() }
            let spawned = ContinuousClock.now
            let caught = await waitUntilCaught(signal, pid: run.process.process.processIdentifier)
            notes.append("\(name(signal)) handler after \(ContinuousClock.now - spawned)")
            #expect(caught, "peach never caught \(name(signal))")
            try await Task.sleep(for: delay)
            run.process.send(signal: signal)
            let outcome = try await run.process.finished(within: .seconds(30))
            #expect(outcome.status == 0 && !outcome.wasSignalled, "\(name(signal)) after \(delay): \(outcome)")
            #expect(!outcome.stdout.contains("\"trialCompleted\""), "no trial went on after the signal")
        }
        return notes
    }

    /// Polls /proc/PID/status until the signal's bit is in SigCgt (a handler is installed).
    static func waitUntilCaught(_ signal: Int32, pid: Int32) async -> Bool {
        let deadline = ContinuousClock.now + Patience.outer(.seconds(20))
        while ContinuousClock.now < deadline {
            if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
               let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
               let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16),
               mask & (1 << UInt64(signal - 1)) != 0 {
                return true
            }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return false
    }

    static func name(_ signal: Int32) -> String {
        [SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGHUP: "SIGHUP"][signal] ?? "signal \(signal)"
    }
}
