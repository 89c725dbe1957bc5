import ALSASequencer
import Foundation
import PeachTestSupport
import Synchronization
import Testing

/// A controller that is a program (a user-space client, as a virtual keyboard or a USB
/// keyboard's driver bridge is) can vanish mid-trial and come back; training must survive it.
@Suite("peach train: a controller that vanishes, records across runs", .serialized, .timeLimit(.minutes(Patience.minutes(3))),
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
        #expect(completed.map(\.trial) == [1, 2], "trial 1 was discarded when the keyboard went; its number went to the next trial")
        #expect(try await run.exportedRows().count == 2)

        // A second run in the same folder starts from the stored profile, not at 100 cents.
        let next = try TrainRun(["comparison", "--trials", "1", "--from", "16:0", "--to", "\(synth.inputPort)"], in: run.folder)
        let first = await next.process.firstLine { $0.contains("\"trialStarted\"") }.flatMap(TrainEvent.init)
        next.process.send(signal: SIGTERM)
        _ = try await next.process.finished(within: .seconds(30))
        let magnitude = abs(try #require(first?.number("centOffset")))
        #expect(magnitude < 100, "the second run started at \(magnitude) cents")
    }

    @Test("the connection to the synth is removed mid-trial (aconnect -d): training stops, nothing unheard is stored, it resumes when the connection is made again; each connection starts with All Notes Off")
    func synthConnectionRemoved() async throws {
        let synth = try SequencerClient(name: "Test Synth")
        defer { synth.close() }
        let heard = Mutex<[SequencerEvent]>([])
        synth.onInput { event in heard.withLock { $0.append(event) } }
        let keyboard = try SequencerClient(name: Self.keyboardName)
        defer { keyboard.close() }
        let run = try TrainRun(["comparison", "--trials", "2", "--from", Self.keyboardName, "--to", "\(synth.inputPort)"])
        defer { run.remove() }

        var events: [TrainEvent] = []
        var offset = 0.0
        var peachOutput: SequencerAddress?
        var removed = false
        var heardWhileRemoved = 0
        for await line in run.process.lines {
            guard let event = TrainEvent(line) else { continue }
            events.append(event)
            switch (event.event, event.state) {
            case ("trialStarted", _):
                offset = event.number("centOffset") ?? 0
            case ("state", "awaitingAnswer") where !removed:
                removed = true
                peachOutput = heard.withLock { $0.first { $0.midiMessage != nil }?.source }
                let output = try #require(peachOutput)
                try await ALSATools.aconnect("\(output)", "\(synth.inputPort)", disconnect: true)
            case ("stopped", _):
                heardWhileRemoved = heard.withLock { $0.count }
                try await ALSATools.aconnect("\(try #require(peachOutput))", "\(synth.inputPort)")
            case ("state", "awaitingAnswer"):
                try keyboard.send(.noteOn(channel: 0, note: offset > 0 ? 127 : 0, velocity: 100))
            default:
                break
            }
        }
        let outcome = try await run.process.finished(within: .seconds(30))
        #expect(outcome.status == 0, "\(outcome)")
        let notices = events.filter { $0.event == "notice" }.compactMap { $0.fields["message"] as? String }
        #expect(notices.contains { $0.contains("connection with output port") }, "the removal is reported: \(notices)")
        let completed = events.filter { $0.event == "trialCompleted" }
        #expect(completed.map(\.trial) == [1, 2], "trial 1 was discarded when the connection went; its number went to the next trial")
        #expect(try await run.exportedRows().count == 2)

        // All Notes Off before the first note, and again when the connection is back.
        let messages = heard.withLock { $0 }.filter { $0.source == peachOutput }.compactMap(\.midiMessage)
        let firstNote = try #require(messages.firstIndex { if case .noteOn = $0 { true } else { false } })
        #expect(messages[..<firstNote].contains(.controlChange(channel: 0, controller: 123, value: 0)))
        let afterReturn = heard.withLock { $0.dropFirst(heardWhileRemoved) }.compactMap(\.midiMessage)
        let firstNoteAfter = try #require(afterReturn.firstIndex { if case .noteOn = $0 { true } else { false } })
        #expect(afterReturn[..<firstNoteAfter].contains(.controlChange(channel: 0, controller: 123, value: 0)),
                "the synth is cleared when Peach connects again")
        #expect(SoundingNotes.stillSounding(heard.withLock { $0 }).isEmpty)
    }

    @Test("the reader of `peach train --json` goes away mid-trial: training ends as on a signal, status 0, nothing left sounding")
    func closedOutputEndsTraining() async throws {
        let synth = try SequencerClient(name: "Test Synth")
        defer { synth.close() }
        let heard = Mutex<[SequencerEvent]>([])
        synth.onInput { event in heard.withLock { $0.append(event) } }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-closed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = PeachExecutable.url
        process.arguments = ["train", "comparison", "--json", "--to", "\(synth.inputPort)", "--from", "16:0",
                             "--data-dir", folder.appendingPathComponent("data").path]
        process.environment = ["HOME": folder.path, "XDG_CONFIG_HOME": folder.path, "PATH": "/usr/bin:/bin"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let (exits, exited) = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in exited.yield(); exited.finish() }
        try process.run()
        // As `| head` does: read until the first note sounds, then go away.
        var text = ""
        while !text.contains("\"trialStarted\"") {
            let data = pipe.fileHandleForReading.availableData
            guard !data.isEmpty else { break }
            text += String(decoding: data, as: UTF8.self)
        }
        try pipe.fileHandleForReading.close()
        let ended = Task {
            for await _ in exits { return true }
            return false
        }
        let timeout = Task {
            try await Task.sleep(for: .seconds(30))
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        _ = await ended.value
        timeout.cancel()
        #expect(process.terminationReason == .exit, "died of signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 0)
        try await Task.sleep(for: .milliseconds(200))
        #expect(SoundingNotes.stillSounding(heard.withLock { $0 }).isEmpty, "nothing sounds after the reader went")
    }
}
