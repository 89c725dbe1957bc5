import ALSASequencer
import Foundation
import PeachALSA
import PeachCore
import PeachRig

/// `peach monitor --json`: one object per line, keys sorted. Events have "event": "midi";
/// the first line ("monitoring") says what is monitored, "notice" lines report the port
/// coming and going.
public enum MonitorJSON {
    public static func header(port: String, mode: TrainingMode, settings: ControllerSettings,
                              pretendTarget: MIDINote) -> String {
        line([
            "event": .string("monitoring"), "port": .string(port), "mode": .string(mode.rawValue),
            "pretendTarget": .integer(pretendTarget.rawValue), "pretendTargetName": .string(pretendTarget.name),
            "mapping": .array(settings.summary.map(JSONValue.string)),
        ])
    }

    public static func notice(_ message: String) -> String {
        line(["event": .string("notice"), "message": .string(message)])
    }

    public static func line(_ reading: MonitorReading) -> String {
        var fields = sentFields(reading.message)
        fields["event"] = .string("midi")
        fields["channel"] = reading.channel.map(JSONValue.integer) ?? .null
        fields["mode"] = .string(reading.mode.rawValue)
        fields["inputs"] = .array(reading.inputs.map(input))
        fields["ignored"] = .optional(reading.ignored)
        fields["meaning"] = .string(MonitorText.meaning(reading))
        if let after = reading.modeAfter { fields["modeAfter"] = .string(after.rawValue) }
        return line(fields)
    }

    static func sentFields(_ message: MIDIMessage) -> [String: JSONValue] {
        switch message {
        case .noteOn(_, let note, let velocity), .noteOff(_, let note, let velocity):
            let name = (try? MIDINote(Int(note)))?.name
            let kind = if case .noteOn = message { "noteOn" } else { "noteOff" }
            return ["message": .string(kind), "note": .integer(Int(note)), "noteName": .optional(name),
                    "velocity": .integer(Int(velocity))]
        case .controlChange(_, let controller, let value):
            return ["message": .string("controlChange"), "controller": .integer(Int(controller)),
                    "value": .integer(Int(value))]
        case .programChange(_, let program):
            return ["message": .string("programChange"), "program": .integer(Int(program))]
        case .pitchBend(_, let value):
            return ["message": .string("pitchBend"), "value": .integer(Int(value))]
        case .channelPressure(_, let pressure):
            return ["message": .string("channelPressure"), "pressure": .integer(Int(pressure))]
        case .other(let type):
            var fields: [String: JSONValue] = ["message": .string("other"), "type": .integer(Int(type))]
            if let name = MIDIMessage.name(ofOtherType: type) { fields["name"] = .string(name) }
            return fields
        }
    }

    static func input(_ input: TrainingInput) -> JSONValue {
        switch input {
        case .answer(let higher):
            .object(["input": .string("answer"), "answer": .string(higher ? "higher" : "lower")])
        case .touch:
            .object(["input": .string("touch")])
        case .adjust(let value):
            .object(["input": .string("adjust"), "value": .number(value),
                     "cents": .number(value * PitchMatchingSession.controlSpan.rawValue)])
        case .commit:
            .object(["input": .string("commit")])
        case .timing(let early):
            .object(["input": .string("timing"), "answer": .string(early ? "early" : "late")])
        case .tap(let nanoseconds):
            .object(["input": .string("tap"), "stampNanoseconds": nanoseconds.map { JSONValue.integer(Int(clamping: $0)) } ?? .null])
        case .command(let command):
            .object(["input": .string("command"), "command": .string(command.rawValue)])
        }
    }

    private static func line(_ fields: [String: JSONValue]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(JSONValue.object(fields))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
