import ALSASequencer
import PeachALSA
import PeachTrainer

/// Watches the synth's and the controller's ports and Peach's connections with them; the
/// trainer stops training when one goes and resumes when all are back, found again by client
/// and port name. The announcements reach the supervisor through the trainer's one ordered stream.
enum HotPlugComposition {
    static func supervise(output: SequencerPort, input: SequencerPort?, client: SequencerClient,
                          trainer: Trainer) async {
        var watched = [WatchedPort(role: .output, name: name(of: output), address: output.address)]
        if let input { watched.append(WatchedPort(role: .input, name: name(of: input), address: input.address)) }
        // A connection removed by someone else counts as a loss too.
        let ownPorts: [PortRole: SequencerAddress] = [.output: client.outputPort, .input: client.inputPort]
        let supervisor = HotPlugSupervisor(watching: watched, ownPorts: ownPorts, target: trainer) { address in
            (try? client.ports().first { $0.address == address }).flatMap { $0.map(name(of:)) }
        }
        await trainer.supervise(with: supervisor)
    }

    /// How a port is recognised when it comes back: its client's and its own name.
    static func name(of port: SequencerPort) -> String {
        "\(port.clientName):\(port.portName)"
    }
}
