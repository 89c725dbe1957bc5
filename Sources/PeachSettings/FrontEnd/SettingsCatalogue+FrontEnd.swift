import PeachCore
import PeachRig

/// The settings only the `peach` front end reads (see `FrontEndSettings`); every `peach train`
/// option has one of these, so a rig can be set up once in its file.
extension SettingsCatalogue {
    private typealias Parse = SettingParsers

    public static let trainMode = SettingDescriptor(
        key: "train.mode",
        comment: "What `peach train` trains without a MODE: "
            + TrainingMode.allCases.map(\.rawValue).joined(separator: ", ") + ".",
        defaultValue: FrontEndSettings.default.mode,
        parse: { raw throws(DomainValueError) in try TrainingMode(parsing: Parse.scalar(raw, type: "training mode")) },
        format: { $0.rawValue }
    )

    public static let trainTrials = SettingDescriptor(
        key: "train.trials",
        comment: "Stop after this many completed trials; 0 trains until stopped.",
        defaultValue: FrontEndSettings.default.trials,
        parse: { raw throws(DomainValueError) in
            let count = try Parse.wholeNumber(raw, type: "trial count")
            guard count >= 0 else {
                throw .outOfRange(type: "trial count", value: String(count), allowed: "0 (until stopped) or more")
            }
            return count == 0 ? nil : count
        },
        format: { String($0 ?? 0) }
    )

    public static let trainJSON = SettingDescriptor(
        key: "train.json",
        comment: "true: one JSON object per line for every state change and trial, for scripts and dashboards.",
        defaultValue: FrontEndSettings.default.json,
        parse: { raw throws(DomainValueError) in try Parse.boolean(raw, type: "JSON output switch") },
        format: { String($0) }
    )

    public static let trainFocus = SettingDescriptor(
        key: "train.focus",
        comment: "weak: trials go to the intervals and registers where there is most to gain (comparison: each "
            + "interval with its own staircase; matching: by its spread); none: drawn evenly, as the iOS app does.",
        defaultValue: FrontEndSettings.default.focus,
        parse: { raw throws(DomainValueError) in try TrainingFocus(parsing: Parse.scalar(raw, type: "training focus")) },
        format: { $0.rawValue }
    )

    public static let pitchResolution = SettingDescriptor(
        key: "midi.pitchResolution",
        comment: "Finest pitch step in cents the synth renders; the difficulty never goes below it. auto: 0 (exact), "
            + "or \(PitchResolution.fluidSynthStep.rawValue) when Peach starts FluidSynth itself.",
        defaultValue: FrontEndSettings.default.pitchResolution,
        parse: { raw throws(DomainValueError) in try PitchResolution(parsing: Parse.scalar(raw, type: "pitch resolution")) },
        format: { $0.text }
    )

    public static let portWait = SettingDescriptor(
        key: "midi.portWait",
        comment: "Seconds to wait for the named ports (or, without a terminal, a controller) to appear; "
            + "0 fails at once, forever suits a rig started before its USB devices.",
        defaultValue: FrontEndSettings.default.portWait,
        parse: { raw throws(DomainValueError) in try PortWait(parsing: Parse.scalar(raw, type: "port wait")) },
        format: { $0.text }
    )

    public static let realtimePriority = SettingDescriptor(
        key: "midi.realtimePriority",
        comment: "Realtime priority 1…99 of the thread that reads the controller in `peach train` (an answer's note-off and "
            + "a knob's bend leave from it), where the system allows it (root, or the audio group's rtprio limit); "
            + "off (0): normal priority. `peach doctor` says what it gets.",
        defaultValue: FrontEndSettings.default.realtimePriority,
        parse: { raw throws(DomainValueError) in try RealtimePriority(parsing: Parse.scalar(raw, type: "realtime priority")) },
        format: { $0.text }
    )

    public static let synthAutoStart = SettingDescriptor(
        key: "synth.autoStart",
        comment: "true: with no output port given and no synth running, start synth.engine and stop it on exit.",
        defaultValue: FrontEndSettings.default.synth.autoStart,
        parse: { raw throws(DomainValueError) in try Parse.boolean(raw, type: "synth auto-start switch") },
        format: { String($0) }
    )

    public static let synthEngine = SettingDescriptor(
        key: "synth.engine",
        comment: "The synth Peach starts: amsynth (exact pitch, Peach's own tone), fluidsynth (General MIDI sounds, "
            + "whole cents), or auto: amsynth where installed, unless sound.program/sound.bank choose a General MIDI sound.",
        defaultValue: FrontEndSettings.default.synth.engine,
        parse: { raw throws(DomainValueError) in try SynthEngineSetting(parsing: Parse.scalar(raw, type: "synth engine")) },
        format: { $0.rawValue }
    )

    public static let synthSoundFont = SettingDescriptor(
        key: "synth.soundFont",
        comment: "The soundfont FluidSynth loads; empty: the first General MIDI one installed "
            + "(fluid-soundfont-gm, timgm6mb-soundfont, …).",
        defaultValue: FrontEndSettings.default.synth.soundFont,
        style: .quoted,
        emptyIsValue: true,
        parse: Parse.optionalText,
        format: { $0 ?? "" }
    )

    public static let synthAudioDriver = SettingDescriptor(
        key: "synth.audioDriver",
        comment: "The started synth's audio driver (-a): FluidSynth pipewire, pulseaudio, alsa, jack, …; amsynth alsa, "
            + "jack, oss (pipewire and pulseaudio mean alsa: ALSA's default device); empty: FluidSynth's default, amsynth alsa.",
        defaultValue: FrontEndSettings.default.synth.audioDriver,
        style: .quoted,
        emptyIsValue: true,
        parse: Parse.optionalText,
        format: { $0 ?? "" }
    )

    public static let feedbackChannel = SettingDescriptor(
        key: "feedback.channel",
        comment: "Channel of the audible cue after every answer (10: General MIDI percussion), or off.",
        defaultValue: FrontEndSettings.default.feedback.channel,
        parse: { raw throws(DomainValueError) in
            try FeedbackCueSettings.channel(parsing: Parse.scalar(raw, type: "feedback channel"))
        },
        format: { FeedbackCueSettings.channelText($0) }
    )

    public static let feedbackPositiveNote = SettingDescriptor(
        key: "feedback.positiveNote",
        comment: "The cue for correct and near: a note name or number (76 = high wood block on channel 10).",
        defaultValue: FrontEndSettings.default.feedback.positiveNote,
        parse: { raw throws(DomainValueError) in try MIDINote(parsing: Parse.scalar(raw, type: "note")) },
        format: { String($0.rawValue) }
    )

    public static let feedbackNegativeNote = SettingDescriptor(
        key: "feedback.negativeNote",
        comment: "The cue for wrong and far (77 = low wood block on channel 10).",
        defaultValue: FrontEndSettings.default.feedback.negativeNote,
        parse: { raw throws(DomainValueError) in try MIDINote(parsing: Parse.scalar(raw, type: "note")) },
        format: { String($0.rawValue) }
    )

    public static let feedbackNearCents = SettingDescriptor(
        key: "feedback.nearCents",
        comment: "A match at most this many cents off is near, "
            + "\(Parse.span(FeedbackCueSettings.allowedNearCents)).",
        defaultValue: FrontEndSettings.default.feedback.nearCents,
        parse: { raw throws(DomainValueError) in
            let value = try Cents(Parse.number(raw, type: "near threshold", unit: "cents"))
            guard FeedbackCueSettings.allowedNearCents.contains(value.rawValue) else {
                throw .outOfRange(type: "near threshold", value: "\(value.rawValue)",
                                  allowed: Parse.span(FeedbackCueSettings.allowedNearCents) + " cents")
            }
            return value
        },
        format: { "\($0.rawValue)" }
    )
}

extension SettingParsers {
    static func boolean(_ raw: RawSettingValue, type: String) throws(DomainValueError) -> Bool {
        let text = try scalar(raw, type: type)
        switch text.lowercased() {
        case "true", "yes", "on", "1": return true
        case "false", "no", "off", "0": return false
        default: throw .malformed(type: type, value: text, expected: "true or false")
        }
    }

    /// Free text; empty means nil ("pick automatically").
    static func optionalText(_ raw: RawSettingValue) throws(DomainValueError) -> String? {
        let text = try scalar(raw, type: "text")
        return text.isEmpty ? nil : text
    }
}
