import ALSASequencer

/// Watches the sequencer's announcements for the session's output and input ports.
///
/// When one disappears (its port or its whole client exits) the target is told to stop, and
/// the supervisor waits, at no cost, for the next announcement. When a port whose name matches
/// appears again and every watched port exists, the target reconnects and, if the session was
/// running when the port went, restarts it. Names come from `portName`, so a synth that
/// restarts under a new client number is found again.
///
/// A connection removed while both ports stay (`aconnect -d`, a patchbay) is a loss too: the
/// synth would no longer hear the trials, or the controller no longer answer them. The kernel
/// tells our own port's client when someone else removes or makes one of its subscriptions;
/// training resumes when the connection is made again, or when the port comes back.
public actor HotPlugSupervisor {
    public typealias PortNameLookup = @Sendable (SequencerAddress) -> String?

    /// The user-facing story, in order.
    public nonisolated let events: AsyncStream<HotPlugEvent>
    private let continuation: AsyncStream<HotPlugEvent>.Continuation
    private let target: any HotPlugTarget
    private let portName: PortNameLookup
    private let watched: [(role: PortRole, name: String)]
    /// Our own port at the other end of each role's connection.
    private let ownPorts: [PortRole: SequencerAddress]
    /// Where each watched port is; nil while it is gone.
    private var present: [PortRole: SequencerAddress] = [:]
    private var restartWhenBack = false
    /// Set when a port goes; cleared once the target has reconnected.
    private var awaitingReturn = false

    /// - Parameters:
    ///   - ownPorts: our port that each role's watched port is connected with (our output port
    ///     sends to the `.output` port, our input port reads the `.input` one); a role without
    ///     one is watched for its port only.
    ///   - portName: the name of the port at an address, as `WatchedPort.name` spells it; nil
    ///     for an address with no port. The sequencer client provides it.
    public init(watching ports: [WatchedPort], ownPorts: [PortRole: SequencerAddress] = [:], target: any HotPlugTarget,
                portName: @escaping PortNameLookup) {
        (events, continuation) = AsyncStream<HotPlugEvent>.makeStream()
        self.target = target
        self.portName = portName
        self.ownPorts = ownPorts
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
        case .unsubscribed(let sender, let destination):
            await lose(disconnected: true) { role, address in
                Self.link(of: role, at: address, own: ownPorts) == Link(sender: sender, destination: destination)
            }
        case .subscribed(let sender, let destination):
            // Made again: the port at the far end of one of our own is a candidate for its role.
            if sender == ownPorts[.output] { await found(destination) }
            if destination == ownPorts[.input] { await found(sender) }
        case .clientStarted:
            break
        }
    }

    private struct Link: Equatable {
        let sender: SequencerAddress
        let destination: SequencerAddress
    }

    /// The subscription that carries `role` when its port is at `address`.
    private static func link(of role: PortRole, at address: SequencerAddress, own: [PortRole: SequencerAddress]) -> Link? {
        guard let ours = own[role] else { return nil }
        switch role {
        case .output: return Link(sender: ours, destination: address)
        case .input: return Link(sender: address, destination: ours)
        }
    }

    private func lose(where matches: (SequencerAddress) -> Bool) async {
        await lose(disconnected: false) { _, address in matches(address) }
    }

    private func lose(disconnected: Bool, where matches: (PortRole, SequencerAddress) -> Bool) async {
        for (role, name) in watched {
            guard let address = present[role], matches(role, address) else { continue }
            present[role] = nil
            awaitingReturn = true
            let event = disconnected ? HotPlugEvent.disconnected(role: role, name: name)
                                     : HotPlugEvent.lost(role: role, name: name)
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
