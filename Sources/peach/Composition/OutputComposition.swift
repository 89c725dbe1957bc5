// TEMPORARY stand-in until the ports branch lands.
import ALSASequencer
import PeachSettings
import PeachTrainer

struct RunningFluidSynth: Sendable {
    func stop() async {}
}

struct ChosenOutput: Sendable {
    let port: SequencerPort
    let fluidSynth: RunningFluidSynth?
}

enum OutputComposition {
    static func chooseOutput(spec: String?, client: SequencerClient, frontEnd: FrontEndSettings,
                             waiting: @Sendable (String) -> Void) async throws -> ChosenOutput {
        if let spec { return ChosenOutput(port: try client.resolvePort(spec, for: .destination), fluidSynth: nil) }
        guard let port = PortChoice.defaultSynth(among: try client.ports(), excludingClient: client.clientID) else {
            throw SequencerError.portNotFound(spec: "a synth", candidates: [])
        }
        return ChosenOutput(port: port, fluidSynth: nil)
    }
}
