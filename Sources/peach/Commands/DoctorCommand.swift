import ArgumentParser
import Foundation

/// `peach doctor [--json]`: checks the set-up and says how to fix each problem.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the sequencer, permissions, ports, the synth Peach starts, the settings and the store.",
        discussion: """
            Each check says ok, warning or problem, what it found, and for a problem how to fix \
            it (commands for Debian): /dev/snd/seq and its permissions, a libasound sequencer \
            client, the synth and controller ports (midi.outputPort, midi.inputPort), the synth \
            Peach would start (synth.engine: amsynth, or FluidSynth and a General MIDI soundfont; \
            started and stopped again), the output's pitch resolution (midi.pitchResolution) and \
            where it comes from, \
            the settings file, every invalid value and the controller mapping, and the training \
            records (peach.sqlite: integrity, schema, record count). Nothing is changed. The \
            exit status is 0 when nothing is a problem (warnings allowed), else 1. --json prints \
            an array of {check, title, verdict, found, fix}.
            """)

    @Flag(help: "Print the results as a JSON array.") var json = false
    @OptionGroup var settingsFile: SettingsFileOptions
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let report = await DoctorComposition.examine(configPath: settingsFile.configPath, storeOptions: store)
        print(json ? report.json : report.text)
        if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
    }
}
