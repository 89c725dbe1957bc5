import PeachCore
import PeachRig

/// Which synth Peach would start (synth.engine against what is installed and the sound), and
/// why; only when it would start one.
public struct SynthEngineCheck: DoctorCheck {
    public static let check = "synth-engine"
    public static let title = "Synth engine"

    /// nil: Peach starts none (another synth plays, or synth.autoStart is false).
    public let choice: SynthEngineChoice?
    /// Where `amsynth` is on PATH; nil: not found.
    public let amsynth: String?
    /// Why none is started, when `choice` is nil.
    public let notNeeded: String

    public init(choice: SynthEngineChoice?, amsynth: String?, notNeeded: String) {
        self.choice = choice
        self.amsynth = amsynth
        self.notNeeded = notNeeded
    }

    public var finding: DoctorFinding {
        guard let choice else { return .ok(Self.check, Self.title, found: "none started: \(notNeeded)") }
        let found = "\(choice.engine.name) (\(choice.reason))"
        if choice.engine == .amsynth, amsynth == nil {
            return .problem(Self.check, Self.title, found: found + ", but amsynth is not on PATH",
                            fix: "sudo apt install amsynth, or peach settings set synth.engine auto")
        }
        if choice.engine == .fluidSynth, amsynth == nil, !choice.reason.contains("General MIDI") {
            return .warning(Self.check, Self.title, found: found,
                            advice: "sudo apt install amsynth: Peach then starts it, and pitch is exact instead of whole cents")
        }
        return .ok(Self.check, Self.title, found: found)
    }
}

/// Is `fluidsynth` installed? Needed only when Peach is to start it: no external synth,
/// synth.autoStart on, and FluidSynth the engine chosen.
public struct FluidSynthCheck: DoctorCheck {
    public static let check = "fluidsynth"
    public static let title = "FluidSynth"

    /// Where `fluidsynth` is on PATH; nil: not found.
    public let executable: String?
    /// The synth `peach train` would use instead (configured or found), as a label; nil: none.
    public let externalSynth: String?
    public let autoStart: Bool
    /// The engine Peach would start (see `SynthEngineChoice`).
    public let engine: SynthEngine
    /// Whether amsynth is: when neither is, the advice is `SynthInstallAdvice.noEngine`, as
    /// `peach train` gives it.
    public let amsynthInstalled: Bool

    public init(executable: String?, externalSynth: String?, autoStart: Bool, engine: SynthEngine = .fluidSynth,
                amsynthInstalled: Bool = true) {
        self.executable = executable
        self.externalSynth = externalSynth
        self.autoStart = autoStart
        self.engine = engine
        self.amsynthInstalled = amsynthInstalled
    }

    /// Peach would start FluidSynth itself if it could.
    public var needed: Bool { autoStart && externalSynth == nil && engine == .fluidSynth }

    public var finding: DoctorFinding {
        if let executable {
            let note = autoStart ? "" : "; synth.autoStart is false, so Peach never starts it"
            return .ok(Self.check, Self.title, found: "\(executable)\(note)")
        }
        if needed {
            return .problem(Self.check, Self.title,
                            found: "fluidsynth is not on PATH, and no other synth is there to play on",
                            fix: amsynthInstalled ? "sudo apt install fluidsynth" : SynthInstallAdvice.noEngine)
        }
        let reason = externalSynth.map { "\($0) plays the notes" }
            ?? (autoStart ? "Peach starts \(engine.name)" : "synth.autoStart is false")
        return .ok(Self.check, Self.title, found: "not installed; not needed while \(reason)")
    }
}

/// Is there a General MIDI soundfont for FluidSynth: synth.soundFont, else the first of
/// Debian's usual places?
public struct SoundFontCheck: DoctorCheck {
    public static let check = "soundfont"
    public static let title = "General MIDI soundfont"

    /// synth.soundFont; nil: look in `candidates`.
    public let configured: String?
    public let candidates: [String]
    /// Peach would start FluidSynth (see `FluidSynthCheck.needed`).
    public let needed: Bool
    private let fileExists: @Sendable (String) -> Bool
    /// Why an existing file is no usable SoundFont (see `SoundFontHeader`); nil: it is one.
    private let problem: @Sendable (String) -> String?

    public init(configured: String?, needed: Bool, candidates: [String] = GeneralMIDISoundFonts.searchPaths,
                fileExists: @escaping @Sendable (String) -> Bool,
                problem: @escaping @Sendable (String) -> String? = { _ in nil }) {
        self.configured = configured
        self.needed = needed
        self.candidates = candidates
        self.fileExists = fileExists
        self.problem = problem
    }

    private func usable(_ path: String) -> Bool { fileExists(path) && problem(path) == nil }

    /// The soundfont FluidSynth would load; nil when there is none.
    public var soundFont: String? {
        if let configured { return usable(configured) ? configured : nil }
        return candidates.first(where: usable)
    }

    public var finding: DoctorFinding {
        if let configured, fileExists(configured), let problem = problem(configured) {
            let found = "synth.soundFont \(configured) cannot be used: \(problem)"
            let fix = "peach settings set synth.soundFont PATH (a whole .sf2 or .sf3 file), "
                + "or set it empty to use an installed one (sudo apt install timgm6mb-soundfont)"
            return needed ? .problem(Self.check, Self.title, found: found, fix: fix)
                : .warning(Self.check, Self.title, found: found + " (not needed while another synth plays)", advice: fix)
        }
        if let configured {
            if fileExists(configured) { return .ok(Self.check, Self.title, found: "synth.soundFont \(configured)") }
            let found = "synth.soundFont \(configured) does not exist"
            let fix = "peach settings set synth.soundFont PATH (an .sf2 or .sf3 file), "
                + "or set it empty to use an installed one (sudo apt install timgm6mb-soundfont)"
            return needed ? .problem(Self.check, Self.title, found: found, fix: fix)
                : .warning(Self.check, Self.title, found: found + " (not needed while another synth plays)", advice: fix)
        }
        if let found = candidates.first(where: usable) {
            return .ok(Self.check, Self.title, found: "\(found), found automatically")
        }
        let found = "none installed (looked for \(candidates.joined(separator: ", ")))"
        let fix = "sudo apt install timgm6mb-soundfont   (6 MB; or fluid-soundfont-gm, 140 MB, fuller sound)"
        return needed ? .problem(Self.check, Self.title, found: found, fix: fix)
            : .ok(Self.check, Self.title, found: found + "; not needed while another synth plays")
    }
}

/// What pitch resolution the difficulty floor assumes, where that comes from, and whether it
/// fits the synth.
public struct PitchResolutionCheck: DoctorCheck {
    public static let check = "pitch-resolution"
    public static let title = "Output pitch resolution"

    public let setting: PitchResolution
    /// The engine `peach train` would start itself (no synth configured or running); nil: none.
    public let startedEngine: SynthEngine?
    /// The external synth's label, when one is configured or found.
    public let externalSynth: String?
    /// The engine the external synth's client is recognised as (`SynthEngine(clientName:)`).
    public let externalEngine: SynthEngine?
    /// The pitch bend range, for the size of the 14-bit bend's step.
    public let bendRange: PitchBendRange

    public init(setting: PitchResolution, startedEngine: SynthEngine?, externalSynth: String?,
                externalEngine: SynthEngine? = nil, bendRange: PitchBendRange = RigSettings.defaults.pitchBendRange) {
        self.setting = setting
        self.startedEngine = startedEngine
        self.externalSynth = externalSynth
        self.externalEngine = externalEngine
        self.bendRange = bendRange
    }

    public var finding: DoctorFinding {
        let known = startedEngine ?? externalEngine
        let wholeCents = known?.rendersWholeCents ?? false
        let floor = setting.difficultyFloor(synthRendersWholeCents: wholeCents)
        let floorText = "the difficulty never goes below \(Self.cents(floor))"
        let rounding = "FluidSynth 2.3.1 renders whole cents (Peach's bends round to the nearest, and each trial "
            + "records the offset that sounds)"
        let bendStep = Double(bendRange.semitones) * 100 / 8192
        let exactness = "amsynth computes pitch in floating point, so only the pitch wheel's 14-bit step "
            + "(\(String(format: "%.3f", bendStep)) c at ±\(bendRange.semitones) semitones) remains"
        switch (setting, known) {
        case (.cents(let cents), _):
            return .ok(Self.check, Self.title,
                       found: "midi.pitchResolution declares \(Self.cents(cents.rawValue)); \(floorText)")
        case (.automatic, .fluidSynth?) where startedEngine != nil:
            return .ok(Self.check, Self.title,
                       found: "auto: \(Self.cents(PitchResolution.fluidSynthStep.rawValue)), as Peach starts FluidSynth "
                           + "itself and \(rounding); \(floorText)")
        case (.automatic, .fluidSynth?):
            return .ok(Self.check, Self.title,
                       found: "auto: \(Self.cents(PitchResolution.fluidSynthStep.rawValue)) for \(externalSynth ?? "it"), "
                           + "recognised as FluidSynth by its client name: \(rounding); \(floorText)")
        case (.automatic, .amsynth?) where startedEngine != nil:
            return .ok(Self.check, Self.title,
                       found: "auto: exact (0 cents), as Peach starts amsynth itself and \(exactness); \(floorText)")
        case (.automatic, .amsynth?):
            return .ok(Self.check, Self.title,
                       found: "auto: exact (0 cents) for \(externalSynth ?? "it"), recognised as amsynth by its client name: "
                           + "\(exactness); \(floorText)")
        case (.automatic, nil):
            let synth = externalSynth ?? "an external synth"
            let declare = "peach settings set midi.pitchResolution 1   (the synth's finest step in cents; 0 = exact)"
            return .ok(Self.check, Self.title,
                       found: "auto: exact (0 cents) for \(synth); if it renders coarser steps, declare them: "
                           + declare)
        }
    }

    private static func cents(_ value: Double) -> String {
        let text = value == value.rounded() ? String(Int(value)) : String(value)
        return "\(text) cent\(value == 1 ? "" : "s")"
    }
}
