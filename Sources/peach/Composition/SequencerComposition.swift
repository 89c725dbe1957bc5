import ALSASequencer

/// Peach's one sequencer client per process.
enum SequencerComposition {
    /// The client every command that talks MIDI uses; `aconnect -l` shows it as "Peach".
    static func openClient(name: String = "Peach") throws -> SequencerClient {
        do {
            return try SequencerClient(name: name)
        } catch {
            throw SequencerUnavailable(reason: error.description)
        }
    }
}

/// Printed as "Error: cannot open the ALSA sequencer: …", exit status 1.
struct SequencerUnavailable: Error, CustomStringConvertible {
    let reason: String

    var description: String {
        "cannot open the ALSA sequencer: \(reason). `peach doctor` checks the set-up and says how to fix it."
    }
}
