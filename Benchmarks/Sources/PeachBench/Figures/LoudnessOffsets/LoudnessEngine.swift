import ALSASequencer
import Foundation
import PeachALSA
import PeachCore
import PeachRig
import PeachTools

/// A synth figure 16 plays into, started as Peach starts it, rendering to a WAV file.
struct LoudnessEngine: Sendable {
    let name: String
    /// The tone, for the findings.
    let tone: String
    let program: Int
    let bendResponse: BendResponse

    /// General MIDI ocarina, a steady tone, as figure 2; reverb and chorus as Peach leaves them.
    static let fluidSynth = LoudnessEngine(name: "FluidSynth", tone: "program 79 (ocarina)", program: 79,
                                           bendResponse: .fluidSynth)
    /// Peach's own tone with the controller map Peach writes (CC 11 → master_vol).
    static let amsynth = LoudnessEngine(name: "amsynth", tone: "Peach's tone (config/amsynth), CC 11 → master_vol",
                                        program: 0, bendResponse: .exact)

    /// amsynth as `AmsynthSetup` starts it (its config, controller map and bank, -c channel),
    /// played to the VM's snd-aloop card and recorded from the loop by `CandidateRender`.
    static func amsynthCandidate(home: URL) throws -> CandidateSynth {
        let setup = try AmsynthSetup(folder: home.path, audioDriver: nil, channel: RigSettings.defaults.midiChannel,
                                     bendRange: RigSettings.defaults.pitchBendRange)
        return CandidateSynth(
            name: "amsynth", executable: "/usr/bin/amsynth", versionCommand: ["/usr/bin/amsynth", "-v"],
            arguments: { _, _ in setup.arguments }, capture: .loopback, clientPrefix: "amsynth", readyMarker: nil,
            program: 0, tone: LoudnessEngine.amsynth.tone,
            environment: { _ in setup.environment },
            prepare: { _ in
                for folder in setup.folders {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                }
                for file in setup.files {
                    try file.contents.write(toFile: file.path, atomically: true, encoding: .utf8)
                }
            })
    }

    /// The port of the first client whose name starts with `prefix`, waited for up to `limit`.
    static func port(of prefix: String, on client: SequencerClient, limit: Duration) async throws -> SequencerPort {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while clock.now < deadline {
            if let port = try client.ports().first(where: { $0.clientName.hasPrefix(prefix) }) { return port }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw BenchFailure("no sequencer client \"\(prefix)…\" within \(limit)")
    }
}
