import PeachTerminal
import ALSASequencer
import Foundation
import PeachCore
import PeachRig
import PeachSettings
import PeachTools

/// Wires `peach learn`: the controller's port and stdin's lines into the walk-through, and its
/// result into the user's settings file through the settings writer.
enum LearnComposition {
    static func learn(spec: String?, dryRun: Bool, stepTimeout: Duration, settings: LayeredUserSettings) async throws {
        let client = try SequencerComposition.openClient()
        defer { client.close() }
        let write: @Sendable (String) -> Void = { line in FileDescriptorOutput.standardOutput.write(line + "\n") }
        let port = try await ControllerPortComposition.chooseController(
            spec: spec, client: client, portWait: settings.current.frontEnd.portWait, waiting: write)
        let events = client.events()
        try client.connectInput(from: port.address, timestampQueue: client.inputQueue)
        write("Learning the controller at \(port.label.terminalSafe).")

        let (inputs, continuation) = AsyncStream<LearnWalkthrough.Input>.makeStream()
        let forwarding = Task {
            for await event in events { continuation.yield(.event(event)) }
        }
        defer { forwarding.cancel() }
        StandardInputLines.start(continuation)

        let initial = settings.rig.controller
        let walkthrough = LearnWalkthrough(settings: initial, inputs: inputs, source: port.address,
                                           stepTimeout: stepTimeout, write: write)
        let learnt = try await walkthrough.run()
        let assignments = ControllerKeys.changes(from: initial, to: learnt)
        guard !assignments.isEmpty else {
            write("Nothing changed; nothing written.")
            return
        }
        if dryRun {
            let edit = try settings.editedUserFile(setting: assignments)
            write("# \(edit.path) would become (--dry-run, nothing written):")
            FileDescriptorOutput.standardOutput.write(edit.text)
            return
        }
        let entries = try await settings.set(assignments)
        write("Written to \(settings.files.userFile):")
        for entry in entries { write("  \(entry.key) = \(entry.displayValue)") }
    }
}

/// The controller.* keys and their texts, as `peach settings set` takes them.
enum ControllerKeys {
    static func texts(_ settings: ControllerSettings) -> [(key: String, text: String)] {
        typealias Catalogue = SettingsCatalogue
        return [
            (Catalogue.controllerComparisonMode.key, settings.comparisonMode.rawValue),
            (Catalogue.controllerHigher.key, settings.higher?.text ?? "none"),
            (Catalogue.controllerLower.key, settings.lower?.text ?? "none"),
            (Catalogue.controllerTuning.key, settings.tuning.text),
            (Catalogue.controllerCommit.key, settings.commit.map(\.text).joined(separator: ",")),
            (Catalogue.controllerStartStop.key, settings.commands[.startStop]?.text ?? "none"),
            (Catalogue.controllerNextMode.key, settings.commands[.nextMode]?.text ?? "none"),
            (Catalogue.controllerQuit.key, settings.commands[.quit]?.text ?? "none"),
            (Catalogue.controllerHoldStartStop.key, settings.holdStartStop?.text ?? "none"),
            (Catalogue.controllerTap.key, settings.tap?.text ?? "anyKey"),
        ]
    }

    /// The keys whose text differs between the two mappings.
    static func changes(from old: ControllerSettings, to new: ControllerSettings) -> [(key: String, text: String)] {
        zip(texts(old), texts(new)).filter { $0.text != $1.text }.map(\.1)
    }
}

/// Stdin's lines, read on a thread of their own (a blocking read, whether a terminal or a pipe),
/// then `.ended`.
enum StandardInputLines {
    static func start(_ continuation: AsyncStream<LearnWalkthrough.Input>.Continuation) {
        let thread = Thread {
            while let line = readLine(strippingNewline: true) { continuation.yield(.line(line)) }
            continuation.yield(.ended)
        }
        thread.start()
    }
}
