import ALSASequencer
import Foundation
import PeachTestSupport
import Testing

/// A controller that is a program (a user-space client, as a virtual keyboard or a USB
/// keyboard's driver bridge is) can vanish mid-trial and come back; training must survive it.
@Suite("peach train: a controller that vanishes, records across runs", .serialized, .timeLimit(.minutes(3)),
       .enabled(if: KernelSequencer.isPresent, KernelSequencer.skipReason))
struct TrainHotPlugTests {
    static let keyboardName = "Test Keyboard"

    @Test("the controller vanishes mid-trial: the trial is discarded, training resumes when it is back, the next run starts from the stored profile")
    func controllerVanishes() async throws {
        let synth = try SequencerClient(name: "Test Synth")
        defer { synth.close() }
        var keyboard = try SequencerClient(name: Self.keyboardName)
        let run = try TrainRun(["comparison", "--trials", "2", "--from", Self.keyboardName, "--to", "\(synth.inputPort)"])
        defer { run.remove() }

        var events: [TrainEvent] = []
        var offset = 0.0
        var vanished = false
        for await line in run.process.lines {
            guard let event = TrainEvent(line) else { continue }
            events.append(event)
            switch (event.event, event.state) {
            case ("trialStarted", _):
                offset = event.number("centOffset") ?? 0
            case ("state", "awaitingAnswer") where !vanished:
                vanished = true
                keyboard.close()
            case ("stopped", _):
                // Back under the same name, as a replugged device or a restarted program is.
                keyboard = try SequencerClient(name: Self.keyboardName)
            case ("state", "awaitingAnswer"):
                try keyboard.send(.noteOn(channel: 0, note: offset > 0 ? 127 : 0, velocity: 100))
            default:
                break
            }
        }
        keyboard.close()
        let outcome = try await run.process.finished(within: .seconds(30))
        #expect(outcome.status == 0, "\(outcome)")
        let notices = events.filter { $0.event == "notice" }.compactMap { $0.fields["message"] as? String }
        #expect(notices.contains { $0.contains(Self.keyboardName) }, "the loss is reported: \(notices)")
        #expect(notices.contains { $0.contains("back") }, "the return is reported: \(notices)")
        let completed = events.filter { $0.event == "trialCompleted" }
        #expect(completed.map(\.trial) == [2, 3], "trial 1 was discarded when the keyboard went")
        #expect(try await run.exportedRows().count == 2)

        // A second run in the same folder starts from the stored profile, not at 100 cents.
        let next = try TrainRun(["comparison", "--trials", "1", "--from", "16:0", "--to", "\(synth.inputPort)"], in: run.folder)
        let first = await next.process.firstLine { $0.contains("\"trialStarted\"") }.flatMap(TrainEvent.init)
        next.process.send(signal: SIGTERM)
        _ = try await next.process.finished(within: .seconds(30))
        let magnitude = abs(try #require(first?.number("centOffset")))
        #expect(magnitude < 100, "the second run started at \(magnitude) cents")
    }
}
