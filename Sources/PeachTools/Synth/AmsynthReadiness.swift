import ALSASequencer

/// Whether the amsynth Peach started is ready to play, judged from what the machine shows.
///
/// amsynth 1.13 (`main.cpp`) opens and starts its audio output before it opens its sequencer
/// client, and reads MIDI in its audio thread. So once its client (found by its pid: every
/// amsynth's client is called "amsynth") has its input port, the audio either runs, in a
/// thread of its own, or failed: then amsynth keeps running, silent, with the one thread, and
/// its driver has said why on stderr.
public enum AmsynthReadiness {
    public enum State: Hashable, Sendable {
        /// Its client or port is not there yet.
        case waiting
        case ready(SequencerPort)
        /// Its port is there but its audio is not: it would take notes and sound none.
        case audioFailed
    }

    /// What amsynth's audio drivers print when they cannot open (`ALSAAudioDriver.cpp`,
    /// `ALSAmmapAudioDriver.cpp`, `main.cpp`).
    public static let failureMarkers = ["failed with error", "cannot open audio device", "JACK init failed"]

    /// - Parameter threads: how many threads the process has now (/proc/PID/task).
    public static func judge(ports: [SequencerPort], pid: Int32, threads: Int, stderr: String) -> State {
        guard let port = ports.first(where: { $0.clientPID == pid && $0.canBeDestination }) else { return .waiting }
        if threads < 2 || failureMarkers.contains(where: stderr.contains) { return .audioFailed }
        return .ready(port)
    }
}
