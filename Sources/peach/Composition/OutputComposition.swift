import ALSASequencer
import Foundation
import PeachSettings
import PeachTrainer

/// The port the notes go to, and the FluidSynth Peach started for it, if it did.
struct ChosenOutput: Sendable {
    let port: SequencerPort
    /// Stop it whichever way the command ends.
    let fluidSynth: RunningFluidSynth?
}

/// Where the notes go: the port the user named (waited for as midi.portWait says), else the
/// first synth there is, else a FluidSynth Peach starts (synth.*).
enum OutputComposition {
    static func chooseOutput(spec: String?, client: SequencerClient, frontEnd: FrontEndSettings,
                             waiting: @Sendable (String) -> Void) async throws -> ChosenOutput {
        if let spec {
            let port = try await PortAwaiter.resolve(spec, for: .destination, client: client,
                                                     wait: frontEnd.portWait.limit, waiting: waiting)
            return ChosenOutput(port: port, fluidSynth: nil)
        }
        if let port = PortChoice.defaultSynth(among: try client.ports(), excludingClient: client.clientID) {
            return ChosenOutput(port: port, fluidSynth: nil)
        }
        let launcher = FluidSynthLauncher(settings: frontEnd.synth,
                                          locator: SoundFontLocator(environment: ProcessInfo.processInfo.environment))
        let fluidSynth = try await launcher.start(client: client, notice: waiting)
        return ChosenOutput(port: fluidSynth.port, fluidSynth: fluidSynth)
    }
}
