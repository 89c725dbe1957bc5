import ALSASequencer

/// Which ports Peach uses when the user names none. Predictable rather than clever: a port that
/// says it makes sound (FluidSynth, TiMidity, a synth chip) is the synth; a readable port that
/// is not the system's, not Midi Through and not a synth is the controller, hardware first. A
/// hardware synth behind a MIDI cable says nothing of the kind, so it is chosen with --to.
public enum PortChoice {
    /// The first port that makes sound and accepts our notes, other than Peach's own.
    public static func defaultSynth(among ports: [SequencerPort], excludingClient ownClient: Int) -> SequencerPort? {
        ordered(ports).first { $0.address.client != ownClient && $0.canBeDestination && $0.types.makesSound }
    }

    /// Every port that could be a controller, the most likely first.
    public static func controllerCandidates(among ports: [SequencerPort], excludingClient ownClient: Int) -> [SequencerPort] {
        let candidates = ordered(ports).filter { port in
            port.address.client != ownClient && port.address.client != systemClient && port.canBeSource
                && !isMidiThrough(port) && !port.types.makesSound
        }
        return candidates.filter { $0.types.contains(.hardware) } + candidates.filter { !$0.types.contains(.hardware) }
    }

    /// The first of `controllerCandidates`.
    public static func defaultController(among ports: [SequencerPort], excludingClient ownClient: Int) -> SequencerPort? {
        controllerCandidates(among: ports, excludingClient: ownClient).first
    }

    /// Client 0 is the kernel's System client (timer, announcements).
    static let systemClient = 0

    /// snd-seq-dummy's loop-back client: it echoes what others send it, so it is no controller.
    static func isMidiThrough(_ port: SequencerPort) -> Bool {
        port.clientType == .kernel && port.clientName == "Midi Through"
    }

    private static func ordered(_ ports: [SequencerPort]) -> [SequencerPort] {
        ports.sorted { ($0.address.client, $0.address.port) < ($1.address.client, $1.address.port) }
    }
}
