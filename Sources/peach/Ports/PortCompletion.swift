import ALSASequencer
import ArgumentParser

/// Shell completion of --to and --from: the ports there are now, by the names `peach ports`
/// shows (client:port names, which survive a replug where numbers may not). Without a
/// sequencer, nothing is offered.
enum PortCompletion {
    static let destinations = CompletionKind.custom { _, _, _ in names { $0.canBeDestination } }
    static let sources = CompletionKind.custom { _, _, _ in names { $0.canBeSource } }

    private static func names(where usable: (SequencerPort) -> Bool) -> [String] {
        guard let client = try? SequencerComposition.openClient(name: "Peach completion") else { return [] }
        defer { client.close() }
        let ports = (try? client.ports()) ?? []
        return ports.filter { $0.address.client != client.clientID && usable($0) }.map { "\($0.clientName):\($0.portName)" }
    }
}
