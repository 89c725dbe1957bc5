import ALSASequencer
import Foundation
import PeachALSA
import PeachCore
import PeachRig

/// `peach monitor`'s lines: a header saying what is monitored and how, then one line per event,
/// "ch 1  note on C5 (72) velocity 100            → answer: higher".
public enum MonitorText {
    /// The width the event part is padded to, so the meanings line up.
    static let sentWidth = 36

    public static func header(port: String, mode: TrainingMode, settings: ControllerSettings,
                              pretendTarget: MIDINote, noteRange: NoteRange) -> [String] {
        ["Monitoring \(port) as \(mode) training would read it (Ctrl-C ends).",
         "Pretend comparison target: \(pretendTarget.name) (\(pretendTarget.rawValue)), the middle of the note range "
            + "\(noteRange); in matching a commit ends the pretend trial."]
            + settings.summary.map { "  " + $0 }
    }

    public static func line(_ reading: MonitorReading) -> String {
        let channel = reading.channel.map { "ch \($0)" } ?? "    "
        let sent = channel + "  " + sentText(reading.message)
        let padding = String(repeating: " ", count: max(1, sentWidth - sent.count))
        return sent + padding + "→ " + meaning(reading)
    }

    /// What the controller sent, without the channel.
    public static func sentText(_ message: MIDIMessage) -> String {
        switch message {
        case .noteOn(_, let note, let velocity): "note on \(noteName(note)) velocity \(velocity)"
        case .noteOff(_, let note, let velocity): "note off \(noteName(note)) velocity \(velocity)"
        case .controlChange(_, let controller, let value):
            "CC \(controller)\(controllerName(controller).map { " (\($0))" } ?? "") = \(value)"
        case .programChange(_, let program): "program change \(program)"
        case .pitchBend(_, let value): "pitch bend \(value > 0 ? "+" : "")\(value)"
        case .channelPressure(_, let pressure): "channel pressure \(pressure)"
        case .other(let type): MIDIMessage.name(ofOtherType: type) ?? "other event (ALSA type \(type))"
        }
    }

    /// "answer: higher", "touch (tuning starts); adjust +0.25 (+5.0 cents)", "ignored: …".
    public static func meaning(_ reading: MonitorReading) -> String {
        guard !reading.inputs.isEmpty else { return "ignored: " + (reading.ignored ?? "not mapped") }
        let text = reading.inputs.map(\.description).joined(separator: "; ")
        return text + (reading.modeAfter.map { " (now monitoring \($0))" } ?? "")
    }

    static func noteName(_ note: UInt8) -> String {
        ((try? MIDINote(Int(note)))?.name ?? "?") + " (\(note))"
    }

    static func controllerName(_ controller: UInt8) -> String? {
        switch controller {
        case 1: "mod wheel"
        case 33: "mod wheel LSB"
        case 64: "sustain"
        default: nil
        }
    }
}
