import ArgumentParser
import PeachALSA
import PeachCore
import PeachSettings

/// `peach play`: one note, to check the routing and the synth's tuning.
struct PlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Sound one note (or an interval) through the synth, to check the routing and the synth's tuning.",
        discussion: """
            NOTE is a name (A4, C#3, Bb2; C4 is middle C) or a MIDI number 0…127; it sounds in \
            equal temperament from the reference pitch (referencePitch, A4 = 440 Hz by default). \
            --frequency gives the pitch in hertz instead. Peach prints what it sends: the MIDI \
            note and the pitch bend that make up the pitch, and the port.

            A second note sounds after the first, the interval between them (at most an octave) \
            sized as the tuning makes it from the first note; --cents then detunes the second, as \
            training detunes its target. --tuning plays in a tuning (a built-in, `peach tunings` \
            lists them, or a 12-note Scala file scale.scl[,map.kbm]); without it, equal temperament.

            Without --to (or midi.outputPort) the note goes to the first synth running; with none, \
            Peach starts FluidSynth and stops it afterwards. `peach ports` lists the ports.

            Examples:
              peach play A4
              peach play A4 --cents 13.7 --to 128:0
              peach play --frequency 415 --duration 3
              peach play --tuning meantone-1/4 C4 E4
            """)

    @Argument(help: ArgumentHelp("A note name like A4, C#3, Bb2, or a MIDI number 0…127.", valueName: "note"),
              transform: OptionValues.note)
    var note: MIDINote?
    @Argument(help: ArgumentHelp("A second note, sounded after the first: the interval in the tuning.", valueName: "second-note"),
              transform: OptionValues.note)
    var secondNote: MIDINote?
    @Option(help: ArgumentHelp("Sound the notes in this tuning: a built-in name or a Scala file (scale.scl[,map.kbm]).",
                               valueName: "tuning"), transform: OptionValues.tuning)
    var tuning: Tuning?
    @Option(help: ArgumentHelp("The pitch in hertz, instead of NOTE.", valueName: "hz"), transform: OptionValues.frequency)
    var frequency: Frequency?
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Detune by this many cents (\(PlayRequest.allowedCents.lowerBound)…\(PlayRequest.allowedCents.upperBound)).",
                               valueName: "cents"),
            transform: OptionValues.number(unit: "cents", allowed: PlayRequest.allowedCents))
    var cents: Double?
    @Option(help: ArgumentHelp("Seconds the note sounds (\(PlayRequest.allowedSeconds.lowerBound)…\(PlayRequest.allowedSeconds.upperBound); default: the setting noteDuration).",
                               valueName: "seconds"),
            transform: OptionValues.number(unit: "seconds", allowed: PlayRequest.allowedSeconds))
    var duration: Double?
    @Option(help: ArgumentHelp("The synth's sequencer port (client:port, or a name as `peach ports` shows it).", valueName: "port"))
    var to: String?
    @OptionGroup var settingsFile: SettingsFileOptions

    func validate() throws {
        switch (note, frequency) {
        case (nil, nil):
            throw ValidationError(PlayRequest.missingNote)
        case (_?, _?):
            throw ValidationError("NOTE and --frequency: give one or the other, not both")
        case (nil, _?):
            if tuning != nil { throw ValidationError("--tuning and --frequency: a tuning places notes, not a frequency") }
            if secondNote != nil { throw ValidationError("--frequency and a second note: the interval needs two notes") }
        case (_?, nil):
            break
        }
    }

    func run() async throws {
        let settings = try await SettingsComposition.makeSettings(configPath: settingsFile.configPath)
        let request = try Self.withSettings { try PlayRequest(command: self, settings: settings) }
        // Ctrl-C or a kill ends the note at once, and whatever Peach started goes with it. The
        // signals are caught before anything starts, so FluidSynth is spawned with them set aside.
        let interruption = PeachCommand.interruption
        if try await interruption.run({ try await PlayComposition.play(request, settings: settings) }) == nil {
            print("Stopped.")
        }
    }
}

/// The play command's arguments (each typed and checked as it was parsed), with the settings they default to.
struct PlayRequest: Sendable {
    static let allowedCents = -1200.0...1200.0
    static let allowedSeconds = 0.1...30.0
    static let missingNote = "NOTE: missing; give a note (A4, C#3, Bb2 or a MIDI number 0…127) or --frequency HZ"

    /// In just intonation a reference note is not where equal temperament puts it: training
    /// places it on the 5-limit scale built on A4 (C#4 13.69 c flat, A#3 11.73 c sharp), then sizes
    /// each interval purely from it; a temperament has each key at its own pitch. Nil where the
    /// two agree (equal temperament, or the note is where the tuning puts it).
    static func trainingPitch(of note: DetunedMIDINote, playing frequency: Frequency, settings: TrainingSettings) -> String? {
        let tuning = settings.activeTuning
        guard tuning != .equalTemperament else { return nil }
        let tuned = tuning.frequency(of: note, referencePitch: settings.referencePitch)
        let cents = (tuned.cents(above: frequency).rawValue * 100).rounded() / 100
        guard cents != 0 else { return nil }
        let played = "\(String(format: "%.3f", tuned.hertz)) Hz, \(cents > 0 ? "+" : "")\(cents) c from this equal-tempered pitch"
        guard tuning.scale != nil else {
            return "tuningSystem \(settings.tuningSystem): training sounds \(note.note.name) as a reference at \(played) "
                + "(the just scale built on A4; intervals are then sized pure from the reference)"
        }
        return "tuning \(tuning.name.terminalSafe): training sounds \(note.note.name) at \(played) "
            + "(each key at its tempered pitch; --tuning \(tuning.identifier.isScala ? "FILE.scl" : tuning.name) plays it so)"
    }

    /// What the user asked for: "A4 +13.7 c" or "415.0 Hz".
    let name: String
    let frequency: Frequency
    /// The MIDI note and bend that sound `frequency` on the synth.
    let bent: BentNote
    let duration: Duration
    let seconds: Double
    let outputSpec: String?
    /// Where training would sound this note as a reference when it differs from what plays:
    /// in just intonation, on the just scale built on A4 (as the iOS app places it).
    let trainingPitch: String?
    /// The note after the first, and the interval's size in the tuning.
    let second: PlayedInterval?

    init(command: PlayCommand, settings: LayeredUserSettings) throws {
        let cents = command.cents ?? 0
        let detune = cents == 0 ? "" : (cents > 0 ? " +\(cents) c" : " \(cents) c")
        // With two notes the second is the detuned one, as training detunes its target.
        let offset = try Cents(command.secondNote == nil ? cents : 0)
        let tuning = command.tuning ?? .equalTemperament
        let argument: String
        if let midiNote = command.note {
            name = midiNote.name + (command.secondNote == nil ? detune : "")
            frequency = tuning.frequency(of: DetunedMIDINote(midiNote, offset: offset),
                                         referencePitch: settings.training.referencePitch)
            trainingPitch = command.tuning == nil
                ? Self.trainingPitch(of: DetunedMIDINote(midiNote, offset: offset), playing: frequency, settings: settings.training)
                : nil
            argument = "NOTE"
            second = try command.secondNote.map {
                try PlayedInterval(from: midiNote, to: $0, detune: Cents(cents), tuning: tuning, settings: settings)
            }
        } else if let asked = command.frequency {
            frequency = asked.shifted(by: offset)
            name = "\(asked.hertz) Hz" + detune
            trainingPitch = nil
            second = nil
            argument = "--frequency"
        } else {
            throw ValidationError(PlayRequest.missingNote)
        }
        do {
            bent = try PitchBendMapper(range: settings.rig.pitchBendRange).bentNote(for: frequency)
        } catch {
            throw ValidationError("\(cents == 0 ? argument : "\(argument) with --cents"): \(name): \(error)")
        }
        seconds = command.duration ?? settings.training.noteDuration.seconds
        duration = .milliseconds(Int64((seconds * 1000).rounded()))
        outputSpec = command.to ?? settings.rig.outputPort
    }
}
