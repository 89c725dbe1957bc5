import ALSASequencer
import PeachALSA
import PeachTestSupport
import Testing

@Suite("Hot-plug supervisor", .timeLimit(.minutes(Patience.minutes(1))))
struct HotPlugSupervisorTests {
    static let synth = "FLUID Synth (fluid):Synth input port (fluid:0)"
    static let keyboard = "Virtual Raw MIDI 0-0:VirMIDI 0-0"
    static let lostSynth = "output port '\(synth)' disappeared; waiting for it to come back"
    static let lostKeyboard = "input port '\(keyboard)' disappeared; waiting for it to come back"

    let target = RecordingHotPlugTarget()
    let ports = FakePortDirectory()

    func at(_ client: Int, _ port: Int = 0) -> SequencerAddress { SequencerAddress(client: client, port: port) }

    /// Peach's own ports: the output the synth hears, the input the keyboard reaches.
    static let ownOutput = SequencerAddress(client: 140, port: 0)
    static let ownInput = SequencerAddress(client: 140, port: 1)
    static let disconnectedSynth = "the connection with output port '\(synth)' was removed; waiting for it to be made again (aconnect)"
    static let disconnectedKeyboard = "the connection with input port '\(keyboard)' was removed; waiting for it to be made again (aconnect)"

    func supervisor() -> HotPlugSupervisor {
        ports.set(Self.synth, at: at(128))
        ports.set(Self.keyboard, at: at(16))
        ports.set("aseqdump:aseqdump", at: at(129))
        let lookup: HotPlugSupervisor.PortNameLookup = { [ports] address in ports.name(at: address) }
        return HotPlugSupervisor(
            watching: [WatchedPort(role: .output, name: Self.synth, address: at(128)),
                       WatchedPort(role: .input, name: Self.keyboard, address: at(16))],
            ownPorts: [.output: Self.ownOutput, .input: Self.ownInput],
            target: target, portName: lookup)
    }

    /// Announces what a restarting client does: its port appears, and only then is it announced.
    func appear(_ name: String, at address: SequencerAddress, on supervisor: HotPlugSupervisor) async {
        ports.set(name, at: address)
        await supervisor.handle(.clientStarted(client: address.client))
        await supervisor.handle(.portStarted(address))
    }

    func disappear(_ address: SequencerAddress, on supervisor: HotPlugSupervisor) async {
        ports.set(nil, at: address)
        await supervisor.handle(.portExited(address))
        await supervisor.handle(.clientExited(client: address.client))
    }

    func events(_ supervisor: HotPlugSupervisor, count: Int) async -> [HotPlugEvent] {
        var iterator = supervisor.events.makeAsyncIterator()
        var seen: [HotPlugEvent] = []
        for _ in 0..<count { if let event = await iterator.next() { seen.append(event) } }
        return seen
    }

    @Test func theSynthGoingStopsTheSessionAndItsReturnUnderANewNumberResumesIt() async throws {
        let supervisor = supervisor()
        await disappear(at(128), on: supervisor)
        #expect(target.calls == [.lost(Self.lostSynth)])
        await appear(Self.synth, at: at(130), on: supervisor)
        #expect(target.calls == [.lost(Self.lostSynth), .returned([.output: at(130), .input: at(16)], restart: true)])
        #expect(await events(supervisor, count: 3) == [
            .lost(role: .output, name: Self.synth),
            .returned(role: .output, name: Self.synth, address: at(130)),
            .resumed(restarted: true),
        ])
        #expect(HotPlugEvent.lost(role: .output, name: "FLUID Synth").description
            == "output port 'FLUID Synth' disappeared; waiting for it to come back")
    }

    @Test func unrelatedPortsComingAndGoingChangeNothing() async throws {
        let supervisor = supervisor()
        await disappear(at(129), on: supervisor)
        await appear("aseqdump:aseqdump", at: at(131), on: supervisor)
        await supervisor.handle(.subscribed(sender: at(131), destination: at(128)))
        await supervisor.handle(.portChanged(at(128)))
        #expect(target.calls.isEmpty)
        // A second synth with the watched name while the first still exists is not a return.
        await appear(Self.synth, at: at(132), on: supervisor)
        #expect(target.calls.isEmpty)
    }

    @Test func theSessionResumesOnlyWhenEveryWatchedPortIsBack() async throws {
        let supervisor = supervisor()
        await disappear(at(128), on: supervisor)
        await disappear(at(16), on: supervisor)
        #expect(target.calls == [.lost(Self.lostSynth), .lost(Self.lostKeyboard)])
        await appear(Self.keyboard, at: at(20), on: supervisor)
        #expect(target.calls.count == 2)
        await appear(Self.synth, at: at(133), on: supervisor)
        // It was running when the first port went; the second loss found it stopped already.
        #expect(target.calls.last == .returned([.output: at(133), .input: at(20)], restart: true))
    }

    @Test func aClientExitWithoutPortExitsStillCounts() async throws {
        let supervisor = supervisor()
        await supervisor.handle(.clientExited(client: 16))
        #expect(target.calls == [.lost(Self.lostKeyboard)])
    }

    @Test func anIdleSessionIsReconnectedButNotStarted() async throws {
        let supervisor = supervisor()
        target.setRunning(false)
        await disappear(at(128), on: supervisor)
        await appear(Self.synth, at: at(128), on: supervisor)
        #expect(target.calls.last == .returned([.output: at(128), .input: at(16)], restart: false))
        #expect(await events(supervisor, count: 3).last == .resumed(restarted: false))
    }

    @Test func aFailedReconnectIsReportedAndRetriedOnTheNextAnnouncement() async throws {
        let supervisor = supervisor()
        target.failNextReconnects(1)
        await disappear(at(128), on: supervisor)
        await appear(Self.synth, at: at(130), on: supervisor)
        await supervisor.handle(.portChanged(at(130)))
        #expect(target.calls == [
            .lost(Self.lostSynth),
            .returned([.output: at(130), .input: at(16)], restart: true),
            .returned([.output: at(130), .input: at(16)], restart: true),
        ])
        #expect(await events(supervisor, count: 4) == [
            .lost(role: .output, name: Self.synth),
            .returned(role: .output, name: Self.synth, address: at(130)),
            .resumeFailed(reason: "subscribing to 130:0 failed"),
            .resumed(restarted: true),
        ])
    }

    @Test func runConsumesTheSequencerStreamAndSkipsMIDI() async throws {
        let supervisor = supervisor()
        let (stream, feed) = AsyncStream<SequencerEvent>.makeStream()
        let running = Task { await supervisor.run(stream) }
        let system = at(0, 1)
        feed.yield(SequencerEvent(source: at(16), payload: .midi(.noteOn(channel: 0, note: 60, velocity: 90)), timestampNanoseconds: 5))
        feed.yield(SequencerEvent(source: system, payload: .announcement(.portExited(at(128))), timestampNanoseconds: nil))
        feed.finish()
        await running.value
        #expect(target.calls == [.lost(Self.lostSynth)])
        var events: [HotPlugEvent] = []
        for await event in supervisor.events { events.append(event) }
        #expect(events == [.lost(role: .output, name: Self.synth)])
    }

    @Test func aRemovedConnectionToTheSynthStopsTheSessionAndMakingItAgainResumes() async throws {
        let supervisor = supervisor()
        await supervisor.handle(.unsubscribed(sender: Self.ownOutput, destination: at(128)))
        #expect(target.calls == [.lost(Self.disconnectedSynth)])
        // Someone else's connection with the synth is not ours.
        await supervisor.handle(.subscribed(sender: at(131), destination: at(128)))
        #expect(target.calls.count == 1)
        await supervisor.handle(.subscribed(sender: Self.ownOutput, destination: at(128)))
        #expect(target.calls == [.lost(Self.disconnectedSynth), .returned([.output: at(128), .input: at(16)], restart: true)])
        #expect(await events(supervisor, count: 3) == [
            .disconnected(role: .output, name: Self.synth),
            .returned(role: .output, name: Self.synth, address: at(128)),
            .resumed(restarted: true),
        ])
    }

    @Test func aRemovedConnectionFromTheKeyboardStopsTheSessionAndThePortsReturnResumesIt() async throws {
        let supervisor = supervisor()
        await supervisor.handle(.unsubscribed(sender: at(16), destination: Self.ownInput))
        #expect(target.calls == [.lost(Self.disconnectedKeyboard)])
        // The keyboard unplugged and plugged in again: Peach connects it itself.
        await disappear(at(16), on: supervisor)
        await appear(Self.keyboard, at: at(20), on: supervisor)
        #expect(target.calls == [.lost(Self.disconnectedKeyboard), .returned([.output: at(128), .input: at(20)], restart: true)])
    }

    @Test func connectionsThatAreNotPeachsChangeNothing() async throws {
        let supervisor = supervisor()
        // The keyboard to someone else, someone else to the synth, the synth's port to Peach's input.
        await supervisor.handle(.unsubscribed(sender: at(16), destination: at(129)))
        await supervisor.handle(.unsubscribed(sender: at(131), destination: at(128)))
        await supervisor.handle(.unsubscribed(sender: at(128), destination: Self.ownInput))
        #expect(target.calls.isEmpty)
    }
}
