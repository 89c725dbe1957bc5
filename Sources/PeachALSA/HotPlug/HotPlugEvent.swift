import ALSASequencer

/// What the supervisor tells the user.
public enum HotPlugEvent: Hashable, Sendable, CustomStringConvertible {
    /// A watched port disappeared; the session, if it ran, was stopped.
    case lost(role: PortRole, name: String)
    /// Someone else removed the connection with a watched port; the session, if it ran, was
    /// stopped until the connection is made again (or the port comes back).
    case disconnected(role: PortRole, name: String)
    /// A port with a watched name appeared; the session resumes once all are back.
    case returned(role: PortRole, name: String, address: SequencerAddress)
    /// Every watched port is back and reconnected; `restarted` tells whether the session was restarted.
    case resumed(restarted: Bool)
    /// Reconnecting failed; the supervisor keeps waiting for announcements.
    case resumeFailed(reason: String)

    public var description: String {
        switch self {
        case .lost(let role, let name): "\(role) port '\(name)' disappeared; waiting for it to come back"
        case .disconnected(let role, let name):
            "the connection with \(role) port '\(name)' was removed; waiting for it to be made again (aconnect)"
        case .returned(let role, let name, let address): "\(role) port '\(name)' is back at \(address)"
        case .resumed(let restarted): restarted ? "all ports are back; resuming the session" : "all ports are back"
        case .resumeFailed(let reason): "could not reconnect: \(reason); waiting"
        }
    }
}
