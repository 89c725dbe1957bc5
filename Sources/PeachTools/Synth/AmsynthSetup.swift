import PeachCore
import PeachRig

/// How Peach starts amsynth: the command line, and the private folders that make the bank
/// Peach ships its `default` bank without touching the user's own amsynth set-up.
///
/// amsynth 1.13 (`filesystem.cpp`) reads `$XDG_CONFIG_HOME/amsynth/{config,controllers}` and
/// `$XDG_DATA_HOME/amsynth/banks/default`; when one of them is missing it *moves* the legacy
/// `~/.amSynthrc`, `~/.amSynthControllersrc`, `~/.amsynth` or `~/.amSynth.presets` there. So
/// Peach points both XDG folders at a folder of its own and writes every one of those files
/// first: nothing in the user's home is read, moved or written.
public struct AmsynthSetup: Hashable, Sendable {
    /// The private folder (made fresh for each start, removed after the stop).
    public let folder: String
    /// amsynth's -a.
    public let audioDriver: String
    /// The channel Peach plays on: amsynth answers this one only, so the feedback cue on
    /// another channel (General MIDI percussion) does not sound as a pitched tone.
    public let channel: MIDIChannel
    public let bendRange: PitchBendRange

    /// amsynth's audio drivers (`AudioOutput.cpp`; `auto` tries JACK first).
    public static let audioDrivers = ["alsa", "alsa-mmap", "oss", "jack", "auto"]
    /// Sound servers amsynth has no driver for: their ALSA plugin serves ALSA's default device,
    /// which amsynth's alsa driver plays to.
    public static let soundServers = ["pulseaudio", "pulse", "pipewire"]
    /// The rate it renders at: what sound servers and most cards run at, so nothing resamples.
    public static let sampleRate = 48_000

    /// - Parameter audioDriver: synth.audioDriver; nil: alsa (amsynth's own default, `auto`,
    ///   would try to start a JACK server first).
    public init(folder: String, audioDriver: String?, channel: MIDIChannel, bendRange: PitchBendRange)
        throws(AmsynthSetupError) {
        self.folder = folder
        self.audioDriver = try Self.driver(for: audioDriver)
        self.channel = channel
        self.bendRange = bendRange
    }

    static func driver(for configured: String?) throws(AmsynthSetupError) -> String {
        guard let configured else { return "alsa" }
        let name = configured.lowercased()
        if soundServers.contains(name) { return "alsa" }
        guard audioDrivers.contains(name) else { throw .unknownAudioDriver(configured) }
        return name
    }

    public var configHome: String { folder + "/config" }
    public var dataHome: String { folder + "/data" }
    public var bankPath: String { dataHome + "/amsynth/banks/default" }
    public var configPath: String { configHome + "/amsynth/config" }
    public var controllersPath: String { configHome + "/amsynth/controllers" }

    /// What amsynth's environment gets on top of Peach's.
    public var environment: [String: String] {
        ["XDG_CONFIG_HOME": configHome, "XDG_DATA_HOME": dataHome]
    }

    /// Headless, ALSA sequencer, our bank, our channel.
    public var arguments: [String] {
        ["-x", "-m", "alsa", "-a", audioDriver, "-r", String(Self.sampleRate), "-c", String(channel.number), "-b", bankPath]
    }

    /// The folders to make, in order.
    public var folders: [String] {
        [configHome + "/amsynth", dataHome + "/amsynth/banks"]
    }

    /// Every file amsynth would otherwise create or move from the user's home, with its contents.
    public var files: [(path: String, contents: String)] {
        [(configPath, configFile), (controllersPath, Self.controllersFile), (bankPath, AmsynthBank.fileContents)]
    }

    /// amsynth's config (`Configuration.cpp`: "key value" lines; the command line overrides
    /// the drivers, rate and channel).
    var configFile: String {
        """
        midi_driver\talsa
        audio_driver\t\(audioDriver)
        alsa_audio_device\tdefault
        sample_rate\t\(Self.sampleRate)
        midi_channel\t\(channel.number)
        polyphony\t10
        pitch_bend_range\t\(bendRange.semitones)
        tuning_file\tdefault
        jack_autoconnect\ttrue

        """
    }

    /// The controller map (`MidiController.cpp`: one parameter name per CC number, `null` for
    /// none). CC 11 (expression) sets master_vol, whose gain is its value squared
    /// (`Parameter.cpp`, power law 2): (v/127)², i.e. 40·log10(v/127) dB, the General MIDI curve
    /// of CC 11. Nothing else is mapped: amsynth's defaults put vibrato on CC 1 and master_vol
    /// on CC 7.
    static var controllersFile: String {
        (0..<128).map { $0 == 11 ? "master_vol" : "null" }.joined(separator: "\n") + "\n"
    }
}

/// synth.audioDriver names a driver amsynth does not have.
public enum AmsynthSetupError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownAudioDriver(String)

    public var description: String {
        switch self {
        case .unknownAudioDriver(let name):
            "synth.audioDriver \"\(name)\" is not one of amsynth's audio drivers ("
                + AmsynthSetup.audioDrivers.joined(separator: ", ")
                + "; pulseaudio and pipewire play through alsa): correct it, or leave it empty for alsa"
        }
    }
}
