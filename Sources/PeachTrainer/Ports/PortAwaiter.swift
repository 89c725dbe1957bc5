// TEMPORARY stand-in until the ports branch lands.
import ALSASequencer

public enum PortAwaiter {
    public static func resolve(_ spec: String, for use: PortResolver.Use, client: SequencerClient, wait: Duration?,
                               waiting: @Sendable (String) -> Void) async throws -> SequencerPort {
        try client.resolvePort(spec, for: use)
    }

    public static func first(client: SequencerClient, wait: Duration?, waiting: @Sendable (String) -> Void,
                             choose: @Sendable ([SequencerPort]) -> SequencerPort?) async throws -> SequencerPort? {
        choose(try client.ports())
    }
}
