import ALSASequencer
import PeachALSA
import ArgumentParser
import Foundation
import PeachCore
import PeachRig
import PeachSettings

/// `peach ports`: the sequencer's ports and the ones Peach would use.
struct PortsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ports",
        abstract: "List the ALSA sequencer's MIDI ports and the ones Peach would use.",
        discussion: """
            Every port but Peach's own: client:port (what --to and --from take, as do client or \
            port names and their unique prefixes), the client's and the port's name, and the \
            direction as aconnect lists it: input (Peach can take answers from it: a controller, \
            aconnect -i), output (Peach can play to it: a synth, aconnect -o) or both. The last column marks the synth and the controller Peach \
            would use without --to and --from: the ports midi.outputPort and midi.inputPort name, \
            else the first port that says it makes sound and the first controller, hardware first.

            Examples:
              peach ports
              peach ports --json | jq -r '.[] | select(.synth) | .address'
            """)

    @Flag(help: "A JSON array with one object per port.") var json = false
    @OptionGroup var settingsFile: SettingsFileOptions

    func run() async throws {
        let settings = try await SettingsComposition.makeSettings(configPath: settingsFile.configPath)
        let client = try SequencerComposition.openClient()
        defer { client.close() }
        let own = client.clientID
        let ports = try client.ports().filter { $0.address.client != own }

        var notes: [String] = []
        let synth = Self.pick(settings.rig.outputPort, key: "midi.outputPort", use: .destination, among: ports, notes: &notes)
            ?? (settings.rig.outputPort == nil ? PortChoice.defaultSynth(among: ports, excludingClient: own) : nil)
        let controller = Self.pick(settings.rig.inputPort, key: "midi.inputPort", use: .source, among: ports, notes: &notes)
            ?? (settings.rig.inputPort == nil ? PortChoice.defaultController(among: ports, excludingClient: own) : nil)
        let listing = PortListing(ports: ports, ownClient: own, synth: synth?.address, controller: controller?.address)

        if json {
            print(try listing.json())
        } else {
            print(listing.table())
            if synth == nil && settings.rig.outputPort == nil {
                notes.append(Self.noSynthNote(settings.current.frontEnd.synth, sound: settings.rig.sound))
            }
            if controller == nil && settings.rig.inputPort == nil {
                notes.append("No controller port: `peach train` takes answers from the terminal's keys.")
            }
            if !notes.isEmpty { print("\n" + notes.joined(separator: "\n")) }
        }
    }

    /// The port a setting names, or nil with a note saying why it names none.
    private static func pick(_ spec: String?, key: String, use: PortResolver.Use, among ports: [SequencerPort],
                             notes: inout [String]) -> SequencerPort? {
        guard let spec else { return nil }
        do {
            return try PortResolver.resolve(spec, among: ports, for: use)
        } catch {
            notes.append("\(key) \"\(spec)\": \(error)")
            return nil
        }
    }

    private static func noSynthNote(_ synth: SynthLaunchSettings, sound: SoundSelection) -> String {
        guard synth.autoStart else {
            return "No synth port, and synth.autoStart is false: start a synth, or name one with --to."
        }
        let locator = SynthComposition.locator()
        let engine = SynthComposition.choice(synth, sound: sound, locator: locator).engine
        guard locator.executable(of: engine) != nil else {
            return engine == .fluidSynth
                ? "No synth port, and FluidSynth is not installed: install amsynth, or fluidsynth and a General MIDI "
                    + "soundfont, or name a synth with --to."
                : "No synth port, and amsynth (synth.engine) is not installed: install amsynth, or name a synth with --to."
        }
        return "No synth port: `peach train` and `peach play` start \(engine.name) and stop it when they end."
    }
}
