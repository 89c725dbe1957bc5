import ALSASequencer
import PeachALSA
import PeachRig

/// Peach's one sequencer client per process.
enum SequencerComposition {
    /// The client every command that talks MIDI uses; `aconnect -l` shows it as "Peach".
    /// - Parameter realtimePriority: the reader thread's (`peach train` passes midi.realtimePriority:
    ///   the answers and bends leave from it); off for the commands whose reactions nobody times.
    static func openClient(name: String = "Peach", realtimePriority: RealtimePriority = .off) throws -> SequencerClient {
        do {
            // The fastest tick times note lengths to ±0.08 ms instead of 0…1 ms (BENCHMARKS.md,
            // figure 3), for 6250 timer interrupts a second while a note-off is pending; the output
            // queue is paused while nothing is, so waiting for an answer costs none (figure 6).
            // A controller sweeping a knob sends a thousand events a second; should the reader
            // fall behind for a moment (a busy machine), the kernel's default of 200 waiting
            // events overflows and it drops every event waiting. 2000 is the kernel's limit.
            return try SequencerClient(name: name, queueTickHz: SequencerClient.fastestTickHz,
                                       inputPool: SequencerClient.largestInputPool,
                                       readerPriority: realtimePriority.readerPriority)
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
