import ALSASequencer
import Foundation
import PeachALSA
import PeachCore
import PeachRig
import PeachTools
import Testing

@Suite("peach monitor: readings and their lines")
struct ControllerMonitorTests {
    static let keyboard = SequencerAddress(client: 24, port: 0)

    static func event(_ message: MIDIMessage, from source: SequencerAddress = keyboard) -> SequencerEvent {
        SequencerEvent(source: source, payload: .midi(message), timestampNanoseconds: nil)
    }

    static func monitor(_ mode: TrainingMode, _ settings: ControllerSettings = .default) -> ControllerMonitor {
        ControllerMonitor(settings: settings, mode: mode, pretendTarget: 60, source: keyboard)
    }

    /// The text line of each message, in order.
    static func lines(_ messages: [MIDIMessage], mode: TrainingMode, settings: ControllerSettings = .default) -> [String] {
        var monitor = monitor(mode, settings)
        return messages.compactMap { monitor.read(event($0)).map(MonitorText.line) }
    }

    @Test("comparison relative to the pretend target: above is higher, below lower, the target's key and releases ignored")
    func comparison() {
        let lines = Self.lines([
            .noteOn(channel: 0, note: 72, velocity: 100), .noteOff(channel: 0, note: 72, velocity: 0),
            .noteOn(channel: 2, note: 48, velocity: 30), .noteOn(channel: 0, note: 60, velocity: 64),
        ], mode: .comparison)
        #expect(lines == [
            "ch 1  note on C5 (72) velocity 100  → answer: higher",
            "ch 1  note off C5 (72) velocity 0   → ignored: key released: keys count when pressed",
            "ch 3  note on C3 (48) velocity 30   → answer: lower",
            "ch 1  note on C4 (60) velocity 64   → ignored: the target's own key (C4)",
        ])
    }

    @Test("matching with the defaults: the mod wheel touches then adjusts, the sustain pedal commits, then touch again")
    func matching() {
        let lines = Self.lines([
            .controlChange(channel: 0, controller: 1, value: 127), .controlChange(channel: 0, controller: 1, value: 0),
            .controlChange(channel: 0, controller: 1, value: 0), .controlChange(channel: 0, controller: 64, value: 127),
            .controlChange(channel: 0, controller: 64, value: 0), .controlChange(channel: 0, controller: 1, value: 127),
            .pitchBend(channel: 0, value: 4096),
        ], mode: .matching)
        #expect(lines == [
            "ch 1  CC 1 (mod wheel) = 127        → touch (tuning starts); adjust +1.0 (+20.0 cents)",
            "ch 1  CC 1 (mod wheel) = 0          → adjust −1.0 (−20.0 cents)",
            "ch 1  CC 1 (mod wheel) = 0          → ignored: the tuning control's position did not change (or an LSB came before any MSB)",
            "ch 1  CC 64 (sustain) = 127         → commit",
            "ch 1  CC 64 (sustain) = 0           → ignored: sustain pedal let go within 2 s: held 2 s or longer, it starts/stops",
            "ch 1  CC 1 (mod wheel) = 127        → touch (tuning starts); adjust +1.0 (+20.0 cents)",
            "ch 1  pitch bend +4096              → ignored: the pitch wheel is not the tuning control (controller.matching.control is modWheel)",
        ])
    }

    @Test("explicit buttons and commands; next mode switches the monitored mode; other channels and ports are ignored")
    func commands() throws {
        let settings = try ControllerSettings(
            channel: try MIDIChannel(1), comparisonMode: .explicit, higher: try ControllerButton(parsing: "cc:81"),
            lower: try ControllerButton(parsing: "cc:80"),
            commands: [.nextMode: try ControllerButton(parsing: "program:1"), .quit: try ControllerButton(parsing: "note:C1")])
        var monitor = Self.monitor(.comparison, settings)
        let readings = [
            monitor.read(Self.event(.controlChange(channel: 0, controller: 81, value: 127))),
            monitor.read(Self.event(.noteOn(channel: 0, note: 72, velocity: 100))),
            monitor.read(Self.event(.controlChange(channel: 1, controller: 80, value: 127))),
            monitor.read(Self.event(.noteOn(channel: 0, note: 24, velocity: 100))),
            monitor.read(Self.event(.programChange(channel: 0, program: 1))),
            monitor.read(Self.event(.controlChange(channel: 0, controller: 80, value: 127), from: SequencerAddress(client: 14, port: 0))),
        ].compactMap { $0 }
        #expect(readings.map(MonitorText.meaning) == [
            "answer: higher",
            "ignored: not the higher or lower control (controller.comparison.mode is explicit)",
            "ignored: channel 2: controller.channel is 1",
            "command: quit",
            "command: next mode (now monitoring matching)",
            "ignored: from 14:0, not the controller's port 24:0",
        ])
        #expect(monitor.mode == .matching)
        #expect(readings[4].mode == .comparison && readings[4].modeAfter == .matching)
    }

    @Test("an announcement is no reading; a non-control event is shown once per type")
    func announcementAndRepeats() {
        var monitor = Self.monitor(.comparison)
        let event = SequencerEvent(source: SequencerAddress(client: 0, port: 1),
                                   payload: .announcement(.clientStarted(client: 130)), timestampNanoseconds: nil)
        #expect(monitor.read(event) == nil)
        // A type without a MIDI meaning (a user event): its ALSA number. (41, system reset, has a name now.)
        let sensing = monitor.read(Self.event(.other(type: 90)))
        #expect(sensing?.ignored?.contains("further ones of this type are not shown") == true)
        #expect(sensing.map(MonitorText.line)?.hasPrefix("      other event (ALSA type 90)") == true)
        #expect(monitor.read(Self.event(.other(type: 90))) == nil)
        #expect(monitor.read(Self.event(.other(type: 36))) != nil)
    }

    @Test("clock, active sensing and the other system messages are named, with their status byte")
    func systemMessagesNamed() {
        var monitor = Self.monitor(.comparison)
        let expected: [(type: Int32, name: String)] = [
            (36, "clock (F8)"), (42, "active sensing (FE)"), (30, "start (FA)"), (31, "continue (FB)"), (32, "stop (FC)"),
            (41, "system reset (FF)"), (20, "song position (F2)"), (21, "song select (F3)"), (22, "MTC quarter frame (F1)"),
            (40, "tune request (F6)"), (130, "SysEx (F0…F7)"),
        ]
        for (type, name) in expected {
            let reading = monitor.read(Self.event(.other(type: type)))
            let line = reading.map(MonitorText.line) ?? ""
            #expect(line.hasPrefix("      \(name)"), "\(type): \(line)")
            #expect(line.contains("→ ignored: \(name) is not a control; further ones of this type are not shown"), "\(line)")
            #expect(!line.contains("ALSA type"), "\(line)")
        }
    }

    @Test("the pretend target is the middle of the note range")
    func pretendTarget() throws {
        #expect(ControllerMonitor.pretendTarget(in: try NoteRange(lower: 36, upper: 84)) == 60)
        #expect(ControllerMonitor.pretendTarget(in: try NoteRange(lower: 48, upper: 61)) == 54)
    }

    @Test("JSON: one object per event with what was sent, the inputs and the meaning")
    func json() throws {
        var monitor = Self.monitor(.matching)
        let read = monitor.read(Self.event(.controlChange(channel: 0, controller: 1, value: 0)))
        let reading = try #require(read)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(MonitorJSON.line(reading).utf8)) as? [String: Any])
        #expect(object["event"] as? String == "midi")
        #expect(object["message"] as? String == "controlChange")
        #expect(object["controller"] as? Int == 1)
        #expect(object["value"] as? Int == 0)
        #expect(object["channel"] as? Int == 1)
        #expect(object["mode"] as? String == "matching")
        let inputs = try #require(object["inputs"] as? [[String: Any]])
        #expect(inputs.map { $0["input"] as? String } == ["touch", "adjust"])
        #expect(inputs.last?["cents"] as? Double == -20)
        #expect(object["ignored"] is NSNull)

        let releasedRead = monitor.read(Self.event(.noteOff(channel: 0, note: 60, velocity: 0)))
        let released = try #require(releasedRead)
        let ignored = try #require(try JSONSerialization.jsonObject(with: Data(MonitorJSON.line(released).utf8)) as? [String: Any])
        #expect(ignored["noteName"] as? String == "C4")
        #expect((ignored["inputs"] as? [Any])?.isEmpty == true)
        #expect((ignored["ignored"] as? String)?.contains("released") == true)
    }

    @Test("the header names the port, the mode, the pretend target and the mapping")
    func header() throws {
        let lines = MonitorText.header(port: "16:0 VirMIDI 0-0 (Virtual Raw MIDI 0-0)", mode: .comparison,
                                       settings: .default, pretendTarget: 60, noteRange: try NoteRange(lower: 36, upper: 84))
        #expect(lines[0].contains("16:0 VirMIDI 0-0"))
        #expect(lines[0].contains("comparison"))
        #expect(lines[1].contains("C4 (60)") && lines[1].contains("C2…C6"))
        #expect(lines.contains { $0.contains("matching: tune with the mod wheel") })
    }
}
