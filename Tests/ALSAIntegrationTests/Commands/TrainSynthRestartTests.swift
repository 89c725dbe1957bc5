import ALSASequencer
import Foundation
import PeachTestSupport
import Testing

/// A headless rig's synth, started by Peach, can die mid-session (a crash, the OOM killer):
/// Peach starts it again and training goes on, instead of waiting silently for ever.
@Suite("peach train: the synth Peach started dies", .serialized, .timeLimit(.minutes(Patience.minutes(5))),
       .enabled(if: KernelSequencer.isPresent, KernelSequencer.skipReason))
struct TrainSynthRestartTests {
    @Test("amsynth killed mid-trial: started again, said so, training resumes and ends with its trials; nothing left running")
    func restarted() async throws {
        try #require(PlayAmsynthTests.amsynthProcesses().isEmpty, "no amsynth before the test")
        let folder = try PeachCommand.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("run"), withIntermediateDirectories: true)
        let run = try TrainRun(["comparison", "--trials", "2", "--from", "16:0"],
                               environment: PlayAmsynthTests.environment(folder))
        defer { run.remove() }

        var events: [TrainEvent] = []
        var offset = 0.0
        var killed = false
        for await line in run.process.lines {
            guard let event = TrainEvent(line) else { continue }
            events.append(event)
            switch (event.event, event.state) {
            case ("trialStarted", _):
                offset = event.number("centOffset") ?? 0
            case ("state", "awaitingAnswer") where !killed:
                let pids = PlayAmsynthTests.amsynthProcesses()
                try #require(pids.count == 1, "one amsynth plays: \(pids)")
                killed = true
                kill(pid_t(pids[0]) ?? 0, SIGKILL)
            case ("state", "awaitingAnswer"):
                try await ALSATools.amidi(send: offset > 0 ? TrainCommandTests.higherKey : TrainCommandTests.lowerKey)
            default:
                break
            }
        }
        let outcome = try await run.process.finished(within: .seconds(60))
        #expect(outcome.status == 0, "\(outcome)")
        let notices = events.filter { $0.event == "notice" }.compactMap { $0.fields["message"] as? String }
        #expect(notices.contains { $0.contains("amsynth was killed by signal 9 during training; starting it again (1 of 3)") },
                "the restart is said: \(notices)")
        #expect(notices.contains { $0.contains("back") }, "training goes on when its port is back: \(notices)")
        #expect(events.filter { $0.event == "trialCompleted" }.count == 2)
        #expect(PlayAmsynthTests.amsynthProcesses().isEmpty, "the restarted amsynth was stopped at the end")
    }
}
