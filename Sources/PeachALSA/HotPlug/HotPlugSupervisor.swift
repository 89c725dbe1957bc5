import ALSASequencer

/// Watches the sequencer's announcements for the session's output and input ports.
///
/// When one disappears (its port or its whole client exits) the target is told to stop, and
/// the supervisor waits, at no cost, for the next announcement. When a port whose name matches
/// appears again and every watched port exists, the target reconnects and, if the session was
/// running when the port went, restarts it. Names come from `portName`, so a synth that
/// restarts under a new client number is found again.
public actor HotPlugSupervisor {
    public typealias PortNameLookup = @Sendable (SequencerAddress) -> String?

    /// The user-facing story, in order.
    public nonisolated let events: AsyncStream<HotPlugEvent>
    private let continuation: AsyncStream<HotPlugEvent>.Continuation
    private let target: any HotPlugTarget
    private let portName: PortNameLookup
    private let watched: [(role: PortRole, name: String)]
    /// Where each watched port is; nil while it is gone.
    private var present: [PortRole: SequencerAddress] = [:]
    private var restartWhenBack = false
    /// Set when a port goes; cleared once the target has reconnected.
    private var awaitingReturn = false

    /// - Parameter portName: the name of the port at an address, as `WatchedPort.name` spells it;
    ///   nil for an address with no port. The sequencer client provides it.
    public init(watching ports: [WatchedPort], target: any HotPlugTarget, portName: @escaping PortNameLookup) {
        (events, continuation) = AsyncStream<HotPlugEvent>.makeStream()
        self.target = target
        self.portName = portName
        self.watched = ports.map { ($0.role, $0.name) }
        for port in ports { present[port.role] = port.address }
    }

    /// Handles announcements until the stream ends; MIDI events are skipped.
    public func run<Events: AsyncSequence<SequencerEvent, Never>>(_ stream: Events) async {
        for await event in stream {
            if case .announcement(let announcement) = event.payload { await handle(announcement) }
        }
        continuation.finish()
    }

    public func handle(_ announcement: SequencerAnnouncement) async {
        switch announcement {
        case .portExited(let address):
            await lose { $0 == address }
        case .clientExited(let client):
            await lose { $0.client == client }
        case .portStarted(let address), .portChanged(let address):
            await found(address)
        case .clientStarted, .subscribed, .unsubscribed:
            break
        }
    }

    private func lose(where matches: (SequencerAddress) -> Bool) async {
        for (role, name) in watched {
            guard let address = present[role], matches(address) else { continue }
            present[role] = nil
            awaitingReturn = true
            let event = HotPlugEvent.lost(role: role, name: name)
            continuation.yield(event)
            if await target.portLost(event.description) { restartWhenBack = true }
        }
    }

    private func found(_ address: SequencerAddress) async {
        guard awaitingReturn, let name = portName(address),
              watched.contains(where: { $0.name == name }) else { return }
        for (role, watchedName) in watched where present[role] == nil && watchedName == name {
            present[role] = address
            continuation.yield(.returned(role: role, name: name, address: address))
        }
        guard watched.allSatisfy({ present[$0.role] != nil }) else { return }
        do {
            try await target.portsReturned(present, restart: restartWhenBack)
            awaitingReturn = false
            continuation.yield(.resumed(restarted: restartWhenBack))
            restartWhenBack = false
        } catch {
            // Still awaiting: the next announcement of a watched name tries again.
            continuation.yield(.resumeFailed(reason: String(describing: error)))
        }
    }
}
