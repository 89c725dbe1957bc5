import ALSASequencer
import Foundation
import PeachALSA
import PeachCore
import Testing
import PeachTestSupport

/// A PitchComparisonSession playing through the kernel sequencer while its synth goes and comes back.
@Suite("Hot-plug with a running session",
       .enabled(if: KernelSequencer.isPresent, KernelSequencer.skipReason), .timeLimit(.minutes(Patience.minutes(1))))
struct SessionHotPlugTests {
    static let synthName = "Peach Test Synth"

    @Test("the synth's port disappearing stops the session; a port of the same name coming back resumes it")
    func synthGoesAndComesBack() async throws {
        let peach = try SequencerClient(name: "Peach Session Test")
        defer { peach.close() }
        let announcements = peach.events()
        var synth = try SequencerClient(name: Self.synthName)
        var heard = EventCollector(synth.events())
        try peach.connectOutput(to: synth.inputPort)

        let player = ALSANotePlayer(output: peach)
        let session = PitchComparisonSession(try PitchComparison(intervals: [.prime], player: player), settings: sessionTestSettings())
        let sessionEvents = EventCollector(session.events())
        let portName: HotPlugSupervisor.PortNameLookup = { address in
            (try? peach.ports().first { $0.address == address }).flatMap { $0.map { "\($0.clientName):\($0.portName)" } }
        }
        let watchedName = "\(Self.synthName):input"
        #expect(portName(synth.inputPort) == watchedName)
        let supervisor = HotPlugSupervisor(
            watching: [WatchedPort(role: .output, name: watchedName, address: synth.inputPort)],
            target: ComparisonHotPlugTarget(session: session, player: player, peach: peach), portName: portName)
        let hotPlug = EventCollector(supervisor.events)
        let supervising = Task { await supervisor.run(announcements) }
        defer { supervising.cancel() }

        await session.start()
        #expect(await heard.first { if case .noteOn? = $0.midiMessage { true } else { false } } != nil)

        // The synth exits: its port is announced gone, the session stops, the trial is discarded.
        synth.close()
        #expect(await hotPlug.waitFor { $0 == .lost(role: .output, name: watchedName) })
        #expect(await sessionEvents.waitFor { if case .stopped(.requested) = $0 { true } else { false } })
        #expect(session.state == .idle)
        #expect(await !sessionEvents.events.contains { if case .trialCompleted = $0 { true } else { false } })
        #expect(HotPlugEvent.lost(role: .output, name: watchedName).description
            == "output port '\(watchedName)' disappeared; waiting for it to come back")
        await sessionEvents.clear()

        // A synth of the same name starts (a new client number): reconnected, set up, resumed.
        // Heard from its first event on: the supervisor may connect it and send the setup the
        // moment its port is announced, before a stream opened after its creation would hear.
        let (returned, hears) = AsyncStream<SequencerEvent>.makeStream()
        synth = try SequencerClient(name: Self.synthName) { hears.yield($0) }
        heard = EventCollector(returned)
        #expect(await hotPlug.waitFor { $0 == .resumed(restarted: true) })
        #expect(await sessionEvents.waitFor { if case .trialStarted = $0 { true } else { false } })
        #expect(await heard.first { if case .noteOn? = $0.midiMessage { true } else { false } } != nil)
        let messages = await heard.midiMessages
        #expect(Array(messages.prefix(PlayerFixtures.setup.count)) == PlayerFixtures.setup,
                "the new synth got bank, program and bend range before its first note")
        #expect(session.state != .idle)

        await session.stop()
        synth.close()
    }

    @Test("killing the synth's process stops the session; starting it again resumes it")
    func synthProcessKilledAndRestarted() async throws {
        let peach = try SequencerClient(name: "Peach Kill Test")
        defer { peach.close() }
        let announcements = EventCollector(peach.events())
        let supervisorStream = peach.events()
        let isAseqdump: @Sendable (SequencerEvent) -> SequencerAddress? = { event in
            guard case .portStarted(let address)? = event.announcement,
                  (try? peach.ports().first { $0.address == address }?.clientName) == "aseqdump" else { return nil }
            return address
        }
        var aseqdump = try ALSATools.startAseqdump()
        defer { if aseqdump.isRunning { kill(aseqdump.processIdentifier, SIGKILL) } }
        let first = try #require(await announcements.first { isAseqdump($0) != nil }.flatMap(isAseqdump))
        try peach.connectOutput(to: first)

        let player = ALSANotePlayer(output: peach)
        let session = PitchComparisonSession(try PitchComparison(intervals: [.prime], player: player), settings: sessionTestSettings())
        let sessionEvents = EventCollector(session.events())
        let portName: HotPlugSupervisor.PortNameLookup = { address in
            (try? peach.ports().first { $0.address == address }).flatMap { $0.map { "\($0.clientName):\($0.portName)" } }
        }
        let name = try #require(portName(first))
        let supervisor = HotPlugSupervisor(
            watching: [WatchedPort(role: .output, name: name, address: first)],
            target: ComparisonHotPlugTarget(session: session, player: player, peach: peach), portName: portName)
        let hotPlug = EventCollector(supervisor.events)
        let supervising = Task { await supervisor.run(supervisorStream) }
        defer { supervising.cancel() }
        await session.start()
        #expect(await sessionEvents.waitFor { if case .trialStarted = $0 { true } else { false } })

        // SIGKILL: the client gets no chance to say goodbye; the kernel removes its ports.
        kill(aseqdump.processIdentifier, SIGKILL)
        let lost = await hotPlug.waitFor { $0 == .lost(role: .output, name: name) }
        let announced = await announcements.events.compactMap(\.announcement)
        let told = await hotPlug.events
        #expect(lost, "watching \(name) at \(first); announced: \(announced); hot-plug: \(told); running: \(aseqdump.isRunning)")
        #expect(await sessionEvents.waitFor { if case .stopped = $0 { true } else { false } })
        #expect(session.state == .idle)
        await sessionEvents.clear()

        aseqdump = try ALSATools.startAseqdump()
        let resumed = await hotPlug.waitFor { $0 == .resumed(restarted: true) }
        let toldAfter = await hotPlug.events
        let announcedAfter = await announcements.events.compactMap(\.announcement)
        #expect(resumed, "hot-plug: \(toldAfter); announced: \(announcedAfter)")
        #expect(await sessionEvents.waitFor { if case .trialStarted = $0 { true } else { false } })
        let returned = await hotPlug.events.compactMap { event -> SequencerAddress? in
            if case .returned(_, _, let address) = event { address } else { nil }
        }.first
        // Found again by name (the kernel may or may not reuse the client number).
        #expect(returned.flatMap(portName) == name)
        await session.stop()
    }
}
