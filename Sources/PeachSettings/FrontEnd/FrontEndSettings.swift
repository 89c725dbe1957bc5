import Foundation
import PeachCore
import PeachRig

/// What only the `peach` front end reads: how `peach train` runs when its options are not
/// given, the synth Peach may start, and the audible feedback. Not part of `UserSettings`:
/// the sessions never see these.
public struct FrontEndSettings: Hashable, Sendable {
    public let mode: TrainingMode
    /// Stop after this many completed trials; nil: until stopped.
    public let trials: Int?
    /// One JSON object per line on stdout instead of the status line or log lines.
    public let json: Bool
    public let pitchResolution: PitchResolution
    public let portWait: PortWait
    /// The controller's reader thread's realtime priority in `peach train`.
    public let realtimePriority: RealtimePriority
    public let synth: SynthLaunchSettings
    public let feedback: FeedbackCueSettings
    /// `weak`: comparison trials go where there is most to gain (issue 33).
    public let focus: TrainingFocus

    public init(mode: TrainingMode = .comparison, trials: Int? = nil, json: Bool = false,
                pitchResolution: PitchResolution = .automatic, portWait: PortWait = .none,
                realtimePriority: RealtimePriority = .default, synth: SynthLaunchSettings = .default, feedback: FeedbackCueSettings = .default,
                focus: TrainingFocus = .none) {
        self.mode = mode
        self.trials = trials
        self.json = json
        self.pitchResolution = pitchResolution
        self.portWait = portWait
        self.realtimePriority = realtimePriority
        self.synth = synth
        self.feedback = feedback
        self.focus = focus
    }

    public static let `default` = FrontEndSettings()
}

/// How long `peach` waits for a named port (or, headless, any controller) to appear before it
/// gives up: for rigs whose USB devices come up after the login that starts Peach.
public enum PortWait: Hashable, Sendable, CustomStringConvertible {
    /// Fail at once, listing the ports there are.
    case none
    case seconds(Double)
    case forever

    public static let maximumSeconds = 86_400.0

    /// `0`, a number of seconds, or `forever`.
    public init(parsing text: String) throws(DomainValueError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed == "forever" {
            self = .forever
            return
        }
        guard let seconds = Double(trimmed), seconds.isFinite else {
            throw .malformed(type: "port wait", value: text, expected: "a number of seconds or forever")
        }
        guard (0...Self.maximumSeconds).contains(seconds) else {
            throw .outOfRange(type: "port wait", value: text, allowed: "0…\(Int(Self.maximumSeconds)) seconds, or forever")
        }
        self = seconds == 0 ? .none : .seconds(seconds)
    }

    public var text: String {
        switch self {
        case .none: "0"
        case .seconds(let seconds): "\(seconds)"
        case .forever: "forever"
        }
    }

    public var description: String { text }
}

/// Whether and how Peach starts a synth (amsynth or FluidSynth) when no synth is there.
public struct SynthLaunchSettings: Hashable, Sendable {
    public let autoStart: Bool
    /// Which synth it starts.
    public let engine: SynthEngineSetting
    /// nil: the first General MIDI soundfont found in Debian's usual places.
    public let soundFont: String?
    /// The started synth's -a: for FluidSynth pipewire, pulseaudio, alsa, jack, file…; for
    /// amsynth alsa, jack, oss; nil: the engine's default (amsynth: alsa).
    public let audioDriver: String?

    public init(autoStart: Bool, engine: SynthEngineSetting = .automatic, soundFont: String?, audioDriver: String?) {
        self.autoStart = autoStart
        self.engine = engine
        self.soundFont = soundFont
        self.audioDriver = audioDriver
    }

    public static let `default` = SynthLaunchSettings(autoStart: true, engine: .automatic, soundFont: nil, audioDriver: nil)
}
