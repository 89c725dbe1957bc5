import ALSASequencer

/// Finds a port that may not be there yet: a rig started at login, before its USB devices.
/// While waiting it listens to the sequencer's announcements and looks again only when a
/// client or port has appeared or changed: no polling, and a port that comes up is found at once.
public enum PortAwaiter {
    /// The port `spec` names (see `PortResolver`). When there is none, waits up to `wait`
    /// (nil: forever, zero: not at all) for it, telling `waiting` once; then the resolver's
    /// error, which lists the ports there are. An ambiguous or unusable port fails at once.
    public static func resolve(_ spec: String, for use: PortResolver.Use, client: SequencerClient, wait: Duration?,
                               waiting: @Sendable (String) -> Void) async throws -> SequencerPort {
        let found = try await first(client: client, wait: wait, message: { "waiting for port \"\(spec)\"" + $0 },
                                    waiting: waiting) { _ in
            do {
                return try resolveNow(spec, for: use, client: client)
            } catch SequencerError.portNotFound {
                return nil
            }
        }
        // Not found in time: the resolver says what there is instead.
        return try found ?? resolveNow(spec, for: use, client: client)
    }

    /// The port `spec` names among the other clients' ports: Peach never plays to or listens
    /// to itself, and its own ports are no candidates in an error.
    public static func resolveNow(_ spec: String, for use: PortResolver.Use, client: SequencerClient)
        throws(SequencerError) -> SequencerPort
    {
        try PortResolver.resolve(spec, among: client.ports().filter { $0.address.client != client.clientID }, for: use)
    }

    /// The first port `choose` picks among the ports there are, waiting as `resolve` does; nil
    /// when none was picked in time.
    public static func first(client: SequencerClient, wait: Duration?, waiting: @Sendable (String) -> Void,
                             choose: @escaping @Sendable ([SequencerPort]) -> SequencerPort?) async throws -> SequencerPort? {
        try await first(client: client, wait: wait, message: { "waiting for a MIDI port" + $0 }, waiting: waiting) { client in
            choose(try client.ports())
        }
    }

    private static func first(
        client: SequencerClient, wait: Duration?, message: (String) -> String, waiting: @Sendable (String) -> Void,
        attempt: @escaping @Sendable (SequencerClient) throws -> SequencerPort?
    ) async throws -> SequencerPort? {
        // Listening before looking, so a port that appears in between is not missed.
        let announcements = client.events()
        if let port = try attempt(client) { return port }
        if wait == .zero { return nil }
        waiting(message(wait.map { " (up to \($0))…" } ?? "…"))
        let found = try await withThrowingTaskGroup(of: SequencerPort?.self) { group in
            group.addTask {
                for await event in announcements where event.changesPorts {
                    if let port = try attempt(client) { return port }
                }
                return nil
            }
            if let wait {
                group.addTask {
                    try await Task.sleep(for: wait)
                    return nil
                }
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
        try Task.checkCancellation()
        return found
    }
}

extension SequencerEvent {
    /// An announcement after which a port may newly exist or fit.
    var changesPorts: Bool {
        switch payload {
        case .announcement(.clientStarted), .announcement(.portStarted), .announcement(.portChanged): true
        default: false
        }
    }
}
