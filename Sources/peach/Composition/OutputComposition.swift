import ALSASequencer
import Foundation
import PeachALSA
import PeachCore
import PeachRig
import PeachSettings
import PeachTools
import PeachTrainer

/// The port the notes go to, and the synth Peach started for it, if it did.
struct ChosenOutput: Sendable {
    let port: SequencerPort
    /// Stop it whichever way the command ends.
    let startedSynth: RunningSynth?
    /// What started it, to start it again should it die.
    var launcher: (any SynthLauncher)?
    /// The synth.engine choice that started it, with its reason.
    let choice: SynthEngineChoice?

    /// The sound to select: Peach's own tone on an amsynth that cannot play the General MIDI
    /// sound the settings name, else the settings' sound.
    func sound(configured: SoundSelection) -> SoundSelection {
        choice?.ignoresSound == true ? RigSettings.defaults.sound : configured
    }

    /// What Peach knows of the synth: the engine Peach started says; a synth the user started
    /// is known by its client's name, an unknown one taken at the General MIDI word.
    var profile: SynthProfile {
        startedSynth?.engine.profile ?? SynthProfile(clientName: port.clientName)
    }

    /// How the synth takes a loudness offset: as Peach configured it, or as its profile says
    /// for a synth someone else started.
    var loudnessResponse: LoudnessResponse {
        startedSynth?.engine.loudnessResponse ?? profile.loudness
    }
}

/// Where the notes go: the port the user named (waited for as midi.portWait says), else the
/// first synth there is, else a synth Peach starts (synth.*: amsynth or FluidSynth).
enum OutputComposition {
    static func chooseOutput(spec: String?, client: SequencerClient, frontEnd: FrontEndSettings, settings: RigSettings,
                             waiting: @escaping @Sendable (String) -> Void) async throws -> ChosenOutput {
        if let spec {
            let port = try await PortAwaiter.resolve(spec, for: .destination, client: client,
                                                     wait: frontEnd.portWait.limit, waiting: waiting)
            return ChosenOutput(port: port, startedSynth: nil, choice: nil)
        }
        if let port = PortChoice.defaultSynth(among: try client.ports(), excludingClient: client.clientID) {
            return ChosenOutput(port: port, startedSynth: nil, choice: nil)
        }
        let choice = SynthComposition.choice(frontEnd.synth, sound: settings.sound)
        if choice.ignoresSound { waiting(choice.reason) }
        let launcher = SynthComposition.launcher(for: choice.engine, synth: frontEnd.synth, settings: settings)
        let synth = try await launcher.start(client: client, notice: waiting)
        return ChosenOutput(port: synth.port, startedSynth: synth, launcher: launcher, choice: choice)
    }
}
