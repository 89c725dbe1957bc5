import PeachCore
import PeachRig

/// Every user setting, in the order `peach settings` and config/peach.yaml list them.
///
/// The one place keys are defined: environment variable names, the shipped YAML, the report
/// and `peach settings set` all derive from these descriptors, and a training setting's
/// descriptor names its `TrainingSettings` or `RigSettings` field, which resolution fills. The
/// defaults are those two values' own; ranges in comments come from the domain types, so none
/// is repeated.
/// Keys sharing a first component stay adjacent, so the YAML groups them under one mapping.
public enum SettingsCatalogue {
    private typealias Parse = SettingParsers

    public static let noteRangeLower = SettingDescriptor(
        key: "noteRange.lower",
        legacyKeys: ["noteRangeMin"],
        comment: "Lowest reference note, a name like C2 or a MIDI number \(Parse.span(NoteRange.absoluteBounds)) "
            + "(formerly noteRangeMin).",
        defaultValue: TrainingSettings.defaults.noteRange.lower,
        parse: { raw throws(DomainValueError) in try MIDINote(parsing: Parse.scalar(raw, type: "note")) },
        format: { $0.name }
    )

    public static let noteRangeUpper = SettingDescriptor(
        key: "noteRange.upper",
        legacyKeys: ["noteRangeMax"],
        comment: "Highest reference note, \(NoteRange.minimumSpan) or more semitones above the lowest "
            + "(formerly noteRangeMax).",
        defaultValue: TrainingSettings.defaults.noteRange.upper,
        parse: { raw throws(DomainValueError) in try MIDINote(parsing: Parse.scalar(raw, type: "note")) },
        format: { $0.name }
    )

    public static let noteDuration = SettingDescriptor(
        key: "noteDuration",
        comment: "Seconds each note sounds; clamped to \(Parse.span(NoteDuration.allowedSeconds)).",
        field: .training(\.noteDuration),
        parse: { raw throws(DomainValueError) in
            try NoteDuration(seconds: Parse.number(raw, type: "note duration", unit: "seconds"))
        },
        format: { "\($0.seconds)" },
        // The domain clamps a duration (as the iOS app does) rather than refusing it; the
        // musician is told, wherever the value came from.
        clampReason: { raw, duration in
            guard let asked = try? Parse.number(raw, type: "note duration", unit: "seconds"),
                  asked != duration.seconds else { return nil }
            return "is outside \(Parse.span(NoteDuration.allowedSeconds)) seconds"
        }
    )

    public static let referencePitch = SettingDescriptor(
        key: "referencePitch",
        comment: "Frequency of A4 in Hz, \(Parse.span(ReferencePitch.allowedHertz)).",
        field: .training(\.referencePitch),
        parse: { raw throws(DomainValueError) in
            try ReferencePitch.validated(hertz: Parse.number(raw, type: "reference pitch", unit: "Hz"))
        },
        format: { "\($0.hertz)" }
    )

    public static let varyLoudness = SettingDescriptor(
        key: "varyLoudness",
        comment: "How much the second note's loudness varies: 0 = not at all … 1 = up to ±10 dB.",
        field: .training(\.varyLoudness),
        parse: { raw throws(DomainValueError) in
            try UnitInterval(Parse.number(raw, type: "loudness variation", unit: "0…1"))
        },
        format: { "\($0.value)" }
    )

    public static let intervals = SettingDescriptor(
        key: "intervals",
        comment: "Intervals to train, u = up, d = down: "
            + Interval.allCases.map(\.abbreviation).joined(separator: " ") + ".",
        field: .training(\.intervals),
        style: .flowList,
        parse: { raw throws(DomainValueError) in try DirectedInterval.parseSet(Parse.items(raw)) },
        format: { $0.sorted().map(\.abbreviation).joined(separator: ",") },
        // Stored and shown in the order written (`P5u,M3d` stays so), each interval once.
        canonical: { raw throws(DomainValueError) in
            let items = Parse.items(raw)
            var seen = Set<DirectedInterval>()
            var kept: [String] = []
            for item in items {
                let interval = try DirectedInterval(parsing: item)
                if seen.insert(interval).inserted { kept.append(interval.abbreviation) }
            }
            guard !kept.isEmpty else { throw .emptyIntervalSet }
            return kept.joined(separator: ",")
        }
    )

    public static let tuningSystem = SettingDescriptor(
        key: "tuningSystem",
        comment: TuningSystem.allCases.map(\.rawValue).joined(separator: " or ") + ".",
        field: .training(\.tuningSystem),
        parse: { raw throws(DomainValueError) in try TuningSystem(parsing: Parse.scalar(raw, type: "tuning system")) },
        format: { $0.rawValue }
    )

    public static let tuning = SettingDescriptor(
        key: "tuning",
        comment: "A tuning instead of tuningSystem: a built-in (peach tunings lists them) or a 12-note Scala file, "
            + "scale.scl[,map.kbm]; empty: tuningSystem.",
        field: .training(\.tuning),
        style: .quoted,
        emptyIsValue: true,
        parse: { raw throws(DomainValueError) in
            let text = try Parse.scalar(raw, type: "tuning")
            return text.isEmpty ? nil : try TuningFiles.tuning(named: text)
        },
        format: { $0.map { TuningFiles.settingText(of: $0) } ?? "" }
    )

    public static let noteGap = SettingDescriptor(
        key: "noteGap",
        comment: "Seconds of silence between the two notes of a comparison, \(Parse.span(NoteGap.allowedSeconds)).",
        field: .training(\.noteGap),
        parse: { raw throws(DomainValueError) in try NoteGap(seconds: Parse.number(raw, type: "note gap", unit: "seconds")) },
        format: { "\($0.seconds)" }
    )

    public static let velocity = SettingDescriptor(
        key: "velocity",
        comment: "MIDI note-on velocity, \(Parse.span(MIDIVelocity.validRange)).",
        field: .training(\.velocity),
        parse: { raw throws(DomainValueError) in try MIDIVelocity(Parse.wholeNumber(raw, type: "MIDI velocity")) },
        format: { "\($0.rawValue)" }
    )

    public static let rhythmTempo = SettingDescriptor(
        key: "rhythm.tempo",
        comment: "Tempo of rhythm training in BPM (a quarter note to the beat; the clicks are sixteenths), \(Parse.span(TempoBPM.range)).",
        field: .training(\.rhythmTempo),
        parse: { raw throws(DomainValueError) in try TempoBPM(Parse.wholeNumber(raw, type: "tempo")) },
        format: { "\($0.value)" }
    )

    public static let rhythmClickVelocity = SettingDescriptor(
        key: "rhythm.clickVelocity",
        comment: "MIDI velocity of the rhythm clicks (and of peach calibrate's), \(Parse.span(MIDIVelocity.validRange)).",
        field: .training(\.rhythmClickVelocity),
        parse: { raw throws(DomainValueError) in try MIDIVelocity(Parse.wholeNumber(raw, type: "MIDI velocity")) },
        format: { "\($0.rawValue)" }
    )

    public static let outputPort = SettingDescriptor(
        key: "midi.outputPort",
        comment: "MIDI port the notes go to; empty picks one.",
        field: .rig(\.outputPort),
        style: .quoted,
        emptyIsValue: true,
        parse: Parse.port,
        format: { $0 ?? "" }
    )

    public static let inputPort = SettingDescriptor(
        key: "midi.inputPort",
        comment: "MIDI port the answers come from; empty picks one.",
        field: .rig(\.inputPort),
        style: .quoted,
        emptyIsValue: true,
        parse: Parse.port,
        format: { $0 ?? "" }
    )

    public static let midiChannel = SettingDescriptor(
        key: "midi.channel",
        comment: "MIDI channel, \(Parse.span(MIDIChannel.validRange)).",
        field: .rig(\.midiChannel),
        parse: { raw throws(DomainValueError) in try MIDIChannel(Parse.wholeNumber(raw, type: "MIDI channel")) },
        format: { "\($0.number)" }
    )

    public static let pitchBendRange = SettingDescriptor(
        key: "midi.pitchBendRange",
        comment: "Semitones of a full pitch bend, \(Parse.span(PitchBendRange.validSemitones)); must match the synth.",
        field: .rig(\.pitchBendRange),
        parse: { raw throws(DomainValueError) in
            try PitchBendRange(semitones: Parse.wholeNumber(raw, type: "pitch-bend range"))
        },
        format: { "\($0.semitones)" }
    )

    public static let soundProgram = SettingDescriptor(
        key: "sound.program",
        comment: "General MIDI program, \(Parse.span(SoundSelection.programRange)) (0 = Acoustic Grand Piano).",
        defaultValue: RigSettings.defaults.sound.program,
        parse: { raw throws(DomainValueError) in
            let program = try Parse.wholeNumber(raw, type: "MIDI program")
            return try SoundSelection(program: program).program
        },
        format: { "\($0)" }
    )

    public static let soundBank = SettingDescriptor(
        key: "sound.bank",
        comment: "Sound bank, \(Parse.span(SoundSelection.bankRange)), sent as Bank Select MSB/LSB.",
        defaultValue: RigSettings.defaults.sound.bank,
        parse: { raw throws(DomainValueError) in
            let bank = try Parse.wholeNumber(raw, type: "MIDI bank")
            return try SoundSelection(program: SoundSelection.programRange.lowerBound, bank: bank).bank
        },
        format: { "\($0)" }
    )

    // The controller keys: each is parsed by the PeachCore type it yields, so the syntax is
    // validated in one place; ControllerSettings then checks that they fit together.

    public static let controllerChannel = SettingDescriptor(
        key: "controller.channel",
        comment: "Channel the controller's answers count on, \(Parse.span(MIDIChannel.validRange)), or omni for all.",
        defaultValue: RigSettings.defaults.controller.channel,
        parse: { raw throws(DomainValueError) in
            try ControllerSettings.channel(parsing: Parse.scalar(raw, type: "controller channel"))
        },
        format: { ControllerSettings.channelText($0) }
    )

    public static let controllerComparisonMode = SettingDescriptor(
        key: "controller.comparison.mode",
        comment: "relativeToTarget: a key above the last target note answers higher, below lower; "
            + "explicit: the higher and lower controls answer.",
        defaultValue: RigSettings.defaults.controller.comparisonMode,
        parse: { raw throws(DomainValueError) in
            try ControllerSettings.comparisonMode(parsing: Parse.scalar(raw, type: "comparison answer mode"))
        },
        format: { $0.rawValue }
    )

    public static let controllerHigher = buttonSetting(
        key: "controller.comparison.higher",
        comment: "Answers higher in explicit mode: note:C5, cc:NUMBER (pressed at 64 or more), sustain, program:NUMBER or none.",
        defaultValue: RigSettings.defaults.controller.higher
    )

    public static let controllerLower = buttonSetting(
        key: "controller.comparison.lower",
        comment: "Answers lower in explicit mode, written like higher.",
        defaultValue: RigSettings.defaults.controller.lower
    )

    public static let controllerTuning = SettingDescriptor(
        key: "controller.matching.control",
        comment: "Tunes the note: modWheel (CC 1, CC 33 as LSB when sent), cc:NUMBER, cc14:NUMBER (LSB = NUMBER+32), "
            + "encoder:NUMBER:twosComplement|binaryOffset:STEP_CENTS or pitchWheelRate:MAX_CENTS_PER_SECOND.",
        defaultValue: RigSettings.defaults.controller.tuning,
        parse: { raw throws(DomainValueError) in try TuningControl(parsing: Parse.scalar(raw, type: "tuning control")) },
        format: { $0.text }
    )

    public static let controllerCommit = SettingDescriptor(
        key: "controller.matching.commit",
        comment: "Any of these commits the tuned note: sustain, anyKey, note:C5, cc:NUMBER or program:NUMBER.",
        defaultValue: RigSettings.defaults.controller.commit,
        style: .flowList,
        parse: { raw throws(DomainValueError) in try CommitTrigger.list(parsing: Parse.items(raw)) },
        format: { $0.map(\.text).joined(separator: ",") }
    )

    public static let controllerStartStop = buttonSetting(
        key: "controller.commands.startStop",
        comment: "Starts or stops training: a control written like higher (e.g. program:0, note:C1, cc:80), or none.",
        defaultValue: RigSettings.defaults.controller.commands[.startStop]
    )

    public static let controllerNextMode = buttonSetting(
        key: "controller.commands.nextMode",
        comment: "Switches to the next training mode, or none.",
        defaultValue: RigSettings.defaults.controller.commands[.nextMode]
    )

    public static let controllerQuit = buttonSetting(
        key: "controller.commands.quit",
        comment: "Quits Peach, or none.",
        defaultValue: RigSettings.defaults.controller.commands[.quit]
    )

    public static let controllerHoldStartStop = SettingDescriptor<ControllerButton?>(
        key: "controller.commands.holdStartStop",
        comment: "Held " + ControllerSettings.holdSeconds + " s or longer and let go, starts or stops training, besides "
            + "what its press does (the sustain pedal still commits): sustain, note:C1, cc:NUMBER, or none. "
            + "Off on a control that gives a command or tunes.",
        defaultValue: RigSettings.defaults.controller.holdStartStop,
        parse: { raw throws(DomainValueError) in
            let text = try Parse.scalar(raw, type: "hold control")
            // `off` as well as `none`: the word a musician switching a feature off reaches for.
            guard text.trimmingWhitespace().lowercased() != "off", let button = try ControllerButton.optional(parsing: text) else {
                return nil
            }
            try ControllerSettings.checkHoldable(button)
            return button
        },
        format: { $0?.text ?? "none" }
    )

    public static let controllerTap = SettingDescriptor<ControllerButton?>(
        key: "controller.rhythm.tap",
        comment: "Taps in rhythm matching: anyKey (any key or pad), or one control: note:D1, cc:NUMBER, sustain.",
        defaultValue: RigSettings.defaults.controller.tap,
        parse: { raw throws(DomainValueError) in
            let text = try Parse.scalar(raw, type: "tap control")
            guard text.trimmingWhitespace().lowercased() != "anykey" else { return nil }
            guard let button = try ControllerButton.optional(parsing: text) else {
                throw .malformed(type: "tap control", value: text, expected: "anyKey, note:NAME, cc:NUMBER or sustain")
            }
            return button
        },
        format: { $0?.text ?? "anyKey" }
    )

    private static func buttonSetting(
        key: String, comment: String, defaultValue: ControllerButton?
    ) -> SettingDescriptor<ControllerButton?> {
        SettingDescriptor(
            key: key,
            comment: comment,
            defaultValue: defaultValue,
            parse: { raw throws(DomainValueError) in
                try ControllerButton.optional(parsing: Parse.scalar(raw, type: "controller button"))
            },
            format: { $0?.text ?? "none" }
        )
    }

    /// All settings in display order. `ResolvedSettings` resolves each of them by name; a test
    /// checks that the two agree.
    public static let all: [AnySettingDescriptor] = [
        noteRangeLower.erased, noteRangeUpper.erased, noteDuration.erased, referencePitch.erased,
        varyLoudness.erased, intervals.erased, tuningSystem.erased, tuning.erased, noteGap.erased, velocity.erased,
        rhythmTempo.erased, rhythmClickVelocity.erased, outputPort.erased, inputPort.erased, midiChannel.erased, pitchBendRange.erased,
        pitchResolution.erased, portWait.erased, realtimePriority.erased,
        soundProgram.erased, soundBank.erased,
        controllerChannel.erased, controllerComparisonMode.erased, controllerHigher.erased, controllerLower.erased,
        controllerTuning.erased, controllerCommit.erased,
        controllerStartStop.erased, controllerNextMode.erased, controllerQuit.erased, controllerHoldStartStop.erased,
        controllerTap.erased,
        trainMode.erased, trainTrials.erased, trainJSON.erased, trainFocus.erased,
        synthAutoStart.erased, synthEngine.erased, synthSoundFont.erased, synthAudioDriver.erased,
        feedbackChannel.erased, feedbackPositiveNote.erased, feedbackNegativeNote.erased, feedbackNearCents.erased,
    ]

    /// The setting named `key`, accepting legacy spellings too.
    public static func descriptor(forKey key: String) -> AnySettingDescriptor? {
        all.first { $0.key == key } ?? all.first { $0.legacyKeys.contains(key) }
    }
}

extension SettingParsers {
    /// A port name; empty means nil, "let the front end pick".
    static func port(_ raw: RawSettingValue) throws(DomainValueError) -> String? {
        let name = try scalar(raw, type: "MIDI port")
        return name.isEmpty ? nil : name
    }
}
