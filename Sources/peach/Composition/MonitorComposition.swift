import PeachTerminal
import ALSASequencer
import Foundation
import PeachALSA
import PeachCore
import PeachSettings
import PeachTools
import Synchronization

/// Wires `peach monitor`: the controller's port, the mapping of a pretend session, hot-plug
/// and the signals. Event-driven: it sleeps until the sequencer delivers something.
enum MonitorComposition {
    static func monitor(spec: String?, mode: TrainingMode, json: Bool, portWait: PortWait,
                        settings: LayeredUserSettings, interruption: Interruption) async throws {
        let client = try SequencerComposition.openClient()
        defer { client.close() }
        // A reader that goes away ends monitoring as a signal does.
        let output = FileDescriptorOutput(fileDescriptor: STDOUT_FILENO, closed: { interruption.interrupt() })
        let write: @Sendable (String) -> Void = { line in output.write(line + "\n") }
        let notice: @Sendable (String) -> Void = { message in write(json ? MonitorJSON.notice(message) : message) }
        let port = try await ControllerPortComposition.chooseController(
            spec: spec, client: client, portWait: portWait, waiting: notice)
        // Listening before connecting, so the first event cannot slip past.
        let events = client.events()
        try client.connectInput(from: port.address, timestampQueue: client.inputQueue)

        let pretendTarget = ControllerMonitor.pretendTarget(in: settings.training.noteRange)
        let controller = settings.rig.controller
        let header = json
            ? [MonitorJSON.header(port: port.label, mode: mode, settings: controller, pretendTarget: pretendTarget)]
            : MonitorText.header(port: port.label.terminalSafe, mode: mode, settings: controller, pretendTarget: pretendTarget,
                                 noteRange: settings.training.noteRange)

        let reconnector = MonitorReconnector(client: client, address: port.address)
        let supervisor = HotPlugSupervisor(
            watching: [WatchedPort(role: .input, name: HotPlugComposition.name(of: port), address: port.address)],
            target: reconnector
        ) { address in
            (try? client.ports().first { $0.address == address }).flatMap { $0.map(HotPlugComposition.name(of:)) }
        }
        header.forEach(write)

        // Monitoring goes on until the task is cancelled (the command does that on a signal).
        let (stop, stopping) = AsyncStream<Void>.makeStream()
        await withTaskCancellationHandler {
            await watch(events: events, supervisor: supervisor, reconnector: reconnector, until: stop, write: write,
                        notice: notice, monitor: ControllerMonitor(settings: controller, mode: mode,
                                                                   pretendTarget: pretendTarget, source: port.address),
                        json: json)
        } onCancel: {
            stopping.finish()
        }
    }

    // swiftlint:disable:next function_parameter_count
    private static func watch(events: AsyncStream<SequencerEvent>, supervisor: HotPlugSupervisor,
                              reconnector: MonitorReconnector, until stop: AsyncStream<Void>,
                              write: @escaping @Sendable (String) -> Void, notice: @escaping @Sendable (String) -> Void,
                              monitor: ControllerMonitor, json: Bool) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await event in supervisor.events { notice(event.description) }
            }
            group.addTask {
                var monitor = monitor
                for await event in events {
                    if case .announcement(let announcement) = event.payload {
                        await supervisor.handle(announcement)
                        continue
                    }
                    monitor.source = reconnector.address
                    guard let reading = monitor.read(event) else { continue }
                    write(json ? MonitorJSON.line(reading) : MonitorText.line(reading))
                }
            }
            for await _ in stop {}
            group.cancelAll()
        }
    }
}

/// Follows the controller when it comes back, under any client number: subscribes to it again.
/// Nothing to stop while it is gone; monitor just says so.
final class MonitorReconnector: HotPlugTarget {
    private let client: SequencerClient
    private let current: Mutex<SequencerAddress>

    init(client: SequencerClient, address: SequencerAddress) {
        self.client = client
        current = Mutex(address)
    }

    var address: SequencerAddress { current.withLock { $0 } }

    func portLost(_ message: String) async -> Bool { false }

    func portsReturned(_ addresses: [PortRole: SequencerAddress], restart: Bool) async throws {
        guard let input = addresses[.input] else { return }
        try client.connectInput(from: input, timestampQueue: client.inputQueue)
        current.withLock { $0 = input }
    }
}
