import Foundation
import PeachCore
import PeachRig
import PeachTools
import Testing

@Suite("amsynth's command line and private folders")
struct AmsynthSetupTests {
    static func setup(driver: String? = nil, channel: Int = 3) throws -> AmsynthSetup {
        try AmsynthSetup(folder: "/run/user/1000/peach-amsynth-abc", audioDriver: driver, channel: try MIDIChannel(channel),
                         bendRange: try PitchBendRange(semitones: 2))
    }

    @Test("headless, ALSA sequencer, alsa audio by default, Peach's channel, the private bank")
    func arguments() throws {
        #expect(try Self.setup().arguments == ["-x", "-m", "alsa", "-a", "alsa", "-r", "48000", "-c", "3",
                                               "-b", "/run/user/1000/peach-amsynth-abc/data/amsynth/banks/default"])
    }

    @Test("audio drivers: amsynth's own pass, sound servers mean alsa, anything else is an error naming the choices")
    func drivers() throws {
        #expect(try Self.setup(driver: "jack").audioDriver == "jack")
        #expect(try Self.setup(driver: "OSS").audioDriver == "oss")
        #expect(try Self.setup(driver: "pulseaudio").audioDriver == "alsa")
        #expect(try Self.setup(driver: "pipewire").audioDriver == "alsa")
        let error = #expect(throws: AmsynthSetupError.self) { try Self.setup(driver: "file") }
        #expect(error?.description.contains("synth.audioDriver \"file\" is not one of amsynth's audio drivers (alsa") == true)
    }

    @Test("both XDG folders point into the private folder, and every file amsynth would move from the home is written first")
    func folders() throws {
        let setup = try Self.setup()
        #expect(setup.environment == ["XDG_CONFIG_HOME": "/run/user/1000/peach-amsynth-abc/config",
                                      "XDG_DATA_HOME": "/run/user/1000/peach-amsynth-abc/data"])
        let paths = setup.files.map(\.path)
        // filesystem.cpp moves ~/.amSynthrc, ~/.amSynthControllersrc and ~/.amSynth.presets to these when they are missing.
        #expect(paths == ["/run/user/1000/peach-amsynth-abc/config/amsynth/config",
                          "/run/user/1000/peach-amsynth-abc/config/amsynth/controllers",
                          "/run/user/1000/peach-amsynth-abc/data/amsynth/banks/default"])
        for path in paths {
            #expect(setup.folders.contains { path.hasPrefix($0 + "/") }, "\(path) is in a folder made first")
        }
        // ~/.amsynth is moved when the data folder is missing: it is made (banks/ under it) before amsynth starts.
        #expect(setup.folders.contains("/run/user/1000/peach-amsynth-abc/data/amsynth/banks"))
    }

    @Test("the config names the drivers, the channel and the bend range; the bank is the one in config/amsynth")
    func contents() throws {
        let files = Dictionary(uniqueKeysWithValues: try Self.setup(driver: "jack").files.map { ($0.path.split(separator: "/").last!, $0.contents) })
        let config = try #require(files["config"])
        #expect(config.contains("audio_driver\tjack\n") && config.contains("midi_channel\t3\n")
                && config.contains("pitch_bend_range\t2\n") && config.contains("midi_driver\talsa\n"))
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("config/amsynth/peach.amSynth.bank")
        #expect(files["default"] == (try String(contentsOf: shipped, encoding: .utf8)), "AmsynthBank.text is config/amsynth's bank")
    }

    @Test("the controller map: CC 11 sets master_vol, nothing else is mapped (no vibrato on CC 1, no CC 7)")
    func controllers() throws {
        let lines = try #require(try Self.setup().files.first { $0.path.hasSuffix("/controllers") }).contents
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 128)
        for (cc, name) in lines.enumerated() {
            #expect(name == (cc == 11 ? "master_vol" : "null"), "CC \(cc)")
        }
    }

    /// The bank's parameters by name.
    static func bankParameters() throws -> [String: Double] {
        let bank = try #require(try setup().files.first { $0.path.hasSuffix("/banks/default") }).contents
        var parameters: [String: Double] = [:]
        for line in bank.split(separator: "\n") where line.hasPrefix("<parameter> ") {
            let fields = line.split(separator: " ")
            try #require(fields.count == 3, "\(line)")
            let value: Double = try #require(Double(fields[2]), "\(line)")
            parameters[String(fields[1])] = value
        }
        return parameters
    }

    @Test("the tone's level: the attack ramps straight to a sustain 9.1 dB under full, so 0 dB sits 13.4 dB under amsynth's limiter")
    func level() throws {
        let parameters = try Self.bankParameters()
        // amp_decay 0: ADSR.cpp's attack targets the sustain level itself, no peak above it.
        #expect(parameters["amp_decay"] == 0)
        let sustain = try #require(parameters["amp_sustain"])
        // Figure 16 measured the limiter's ceiling 4.33 dB above the 0 dB note at sustain 1; 0 dB needs ≥ 11 dB under it.
        #expect(4.33 - 20 * log10(sustain) >= 11)
        #expect(sustain == 0.35)
    }

    @Test("the tone stays steady in pitch and clean: no LFO on pitch, no detune, no reverb, no distortion")
    func steadyTone() throws {
        let parameters = try Self.bankParameters()
        for (name, value) in ["freq_mod_amount": 0.0, "osc2_detune": 0, "osc2_pitch": 0, "osc2_range": 0,
                              "reverb_wet": 0, "distortion_crunch": 0, "portamento_time": 0, "osc_mix_mode": 0] {
            #expect(parameters[name] == value, "\(name)")
        }
    }
}
