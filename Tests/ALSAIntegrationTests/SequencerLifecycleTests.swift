import ALSASequencer
import Foundation
import PeachTestSupport
import Testing

@Suite("Clients coming and going", .enabled(if: KernelSequencer.isPresent, KernelSequencer.skipReason),
       .timeLimit(.minutes(Patience.minutes(1))))
struct SequencerLifecycleTests {
    @Test("the announce port reports another client's port starting and exiting")
    func announcesAseqdump() async throws {
        let peach = try SequencerClient(name: "Peach Announce Test")
        defer { peach.close() }
        let received = EventCollector(peach.events())
        let aseqdump = try ALSATools.startAseqdump()
        defer { if aseqdump.isRunning { kill(aseqdump.processIdentifier, SIGKILL) } }

        let isAseqdump: @Sendable (SequencerAddress) -> Bool = { address in
            (try? peach.ports().first { $0.address == address }?.clientName) == "aseqdump"
        }
        let started = await received.first {
            if case .portStarted(let address)? = $0.announcement { isAseqdump(address) } else { false }
        }
        guard case .portStarted(let address)? = started?.announcement else {
            Issue.record("no port announcement for aseqdump")
            return
        }
        #expect(await received.events.contains { $0.announcement == .clientStarted(client: address.client) })

        // SIGKILL: the test runner's blocked signal mask may be inherited, and a killed client
        // is exactly what a crashing synth looks like.
        kill(aseqdump.processIdentifier, SIGKILL)
        #expect(await received.first { $0.announcement == .portExited(address) } != nil)
        #expect(await received.first { $0.announcement == .clientExited(client: address.client) } != nil)
    }

    @Test("closing a client removes its ports, ends its streams and is idempotent")
    func closeReleasesEverything() async throws {
        let observer = try SequencerClient(name: "Peach Close Observer")
        defer { observer.close() }
        let announcements = EventCollector(observer.events())
        let closing = try SequencerClient(name: "Peach Close Test")
        let output = closing.outputPort
        #expect(try observer.ports().contains { $0.address == output })

        let stream = closing.events()
        closing.close()
        closing.close()
        // The stream ends (after any events that arrived before the close); the time limit catches a hang.
        var leftovers = 0
        for await _ in stream { leftovers += 1 }
        #expect(leftovers < 100)
        #expect(await announcements.first { $0.announcement == .clientExited(client: output.client) } != nil)
        // (Its client number may already be reused by a client of a test running in parallel.)
        #expect(try !observer.ports().contains { $0.address == output && $0.clientName == "Peach Close Test" })
        #expect(throws: SequencerError.closed) { try closing.send(.noteOn(channel: 0, note: 60, velocity: 1)) }
    }
}
