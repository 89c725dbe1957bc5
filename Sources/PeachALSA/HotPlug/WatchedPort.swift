import ALSASequencer

/// A port the session depends on: its role, the name that identifies it again after it comes
/// back (whatever the supervisor's name lookup returns, e.g. "FLUID Synth (fluid):Synth input port"),
/// and where it is now.
public struct WatchedPort: Hashable, Sendable {
    public let role: PortRole
    public let name: String
    public let address: SequencerAddress

    public init(role: PortRole, name: String, address: SequencerAddress) {
        self.role = role
        self.name = name
        self.address = address
    }
}
