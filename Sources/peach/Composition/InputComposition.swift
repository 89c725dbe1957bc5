import ALSASequencer
import PeachALSA
import PeachSettings
import PeachTrainer

/// Where the answers come from: the port the user named (waited for as midi.portWait says),
/// else the first controller there is, else the terminal's keys; a rig without a terminal
/// waits for a controller instead.
enum InputComposition {
    static func chooseInput(spec: String?, client: SequencerClient, frontEnd: FrontEndSettings, terminal: Bool,
                            waiting: @escaping @Sendable (String) -> Void) async throws -> SequencerPort? {
        let wait = frontEnd.portWait.limit
        if let spec {
            return try await PortAwaiter.resolve(spec, for: .source, client: client, wait: wait, waiting: waiting)
        }
        let ownClient = client.clientID
        if let port = PortChoice.defaultController(among: try client.ports(), excludingClient: ownClient) {
            return port
        }
        if terminal { return nil }
        let found = try await PortAwaiter.first(client: client, wait: wait, waiting: waiting) { ports in
            PortChoice.defaultController(among: ports, excludingClient: ownClient)
        }
        guard let found else { throw NoController(waited: wait) }
        return found
    }
}

extension PortWait {
    /// For PortAwaiter: nil waits forever.
    var limit: Duration? {
        switch self {
        case .none: .zero
        case .seconds(let seconds): .milliseconds(Int64(seconds * 1000))
        case .forever: nil
        }
    }
}

/// Headless and nothing to answer with.
struct NoController: Error, CustomStringConvertible {
    let waited: Duration?

    var description: String {
        "no MIDI controller is connected and there is no terminal to take answers from"
            + (waited.map { $0 == .zero ? "" : " (waited \($0))" } ?? "")
            + ": connect a controller, name it with --from or midi.inputPort (`peach ports` lists the ports), "
            + "or let Peach wait for one with --port-wait forever"
    }
}
