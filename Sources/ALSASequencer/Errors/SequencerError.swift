import CAlsa
import Glibc

/// Everything that can go wrong in the sequencer layer, each case with a message that says what
/// failed and, where there is one, what to do about it.
public enum SequencerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A libasound call returned an error: the call, the negative errno and snd_strerror's text.
    case alsa(call: String, code: Int32, message: String, hint: String?)
    /// The client was closed; nothing can be sent or connected any more.
    case closed
    /// The message cannot go on the wire (a value out of range, or `.other`).
    case unencodable(MIDIMessage, reason: String)
    /// No port matches what the user wrote; `candidates` are the ports that could have been meant.
    case portNotFound(spec: String, candidates: [SequencerPort])
    /// More than one port matches what the user wrote.
    case ambiguousPort(spec: String, matches: [SequencerPort])
    /// The port exists but cannot be used that way (e.g. sending to a port that only sends).
    case portNotUsable(SequencerPort, reason: String)

    public var description: String {
        switch self {
        case .alsa(let call, _, let message, let hint):
            return "\(call) failed: \(message)" + (hint.map { " (\($0))" } ?? "")
        case .closed:
            return "the sequencer client is closed"
        case .unencodable(let message, let reason):
            return "cannot send \(message): \(reason)"
        case .portNotFound(let spec, let candidates):
            // Client 0 (System: the kernel's timer and announcements) is never one to play to or read.
            let listed = candidates.filter { $0.address.client != 0 }
            return "no sequencer port matches \"\(spec)\"; available: "
                + (listed.isEmpty ? "none" : listed.map(\.label).joined(separator: ", "))
        case .ambiguousPort(let spec, let matches):
            return "\"\(spec)\" matches \(matches.count) sequencer ports: "
                + matches.map(\.label).joined(separator: ", ") + "; write client:port or a longer name"
        case .portNotUsable(let port, let reason):
            return "sequencer port \(port.label) \(reason)"
        }
    }

    /// Wraps a libasound result: negative values are errors, anything else is returned.
    @discardableResult
    static func check(_ result: Int32, _ call: String) throws(SequencerError) -> Int32 {
        guard result < 0 else { return result }
        throw .alsa(call: call, code: result, message: String(cString: snd_strerror(result)), hint: hint(call: call, code: result))
    }

    private static func hint(call: String, code: Int32) -> String? {
        if call == "snd_seq_open" && (code == -ENOENT || code == -ENODEV) {
            return "/dev/snd/seq is missing: this kernel has no ALSA sequencer loaded (sudo modprobe snd-seq)"
        }
        if call == "snd_seq_open" && code == -EACCES {
            return "no permission to open /dev/snd/seq: add yourself to the audio group"
        }
        return nil
    }
}
