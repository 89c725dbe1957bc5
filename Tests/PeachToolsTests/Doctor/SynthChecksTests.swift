import PeachCore
import PeachRig
import PeachTools
import Testing

@Suite("peach doctor: FluidSynth, the soundfont and the pitch resolution")
struct SynthChecksTests {
    @Test("FluidSynth: found is ok; missing is a problem only when Peach would have to start it")
    func fluidSynth() {
        #expect(FluidSynthCheck(executable: "/usr/bin/fluidsynth", externalSynth: nil, autoStart: true).finding
            == .ok("fluidsynth", "FluidSynth", found: "/usr/bin/fluidsynth"))
        let needed = FluidSynthCheck(executable: nil, externalSynth: nil, autoStart: true)
        #expect(needed.needed)
        #expect(needed.finding.verdict == .problem)
        #expect(needed.finding.fix == "sudo apt install fluidsynth")
        let external = FluidSynthCheck(executable: nil, externalSynth: "20:0 Yamaha", autoStart: true)
        #expect(!external.needed)
        #expect(external.finding.verdict == .ok)
        #expect(external.finding.found == "not installed; not needed while 20:0 Yamaha plays the notes")
        #expect(FluidSynthCheck(executable: nil, externalSynth: nil, autoStart: false).finding.verdict == .ok)
        #expect(FluidSynthCheck(executable: "/usr/bin/fluidsynth", externalSynth: nil, autoStart: false).finding.found
            .contains("synth.autoStart is false"))
    }

    @Test("soundfont: the first of Debian's places that exists, in order")
    func soundFontFound() {
        let installed: Set<String> = ["/usr/share/sounds/sf2/TimGM6mb.sf2", "/usr/share/sounds/sf3/default-GM.sf3"]
        let check = SoundFontCheck(configured: nil, needed: true, fileExists: { installed.contains($0) })
        #expect(check.soundFont == "/usr/share/sounds/sf2/TimGM6mb.sf2")
        #expect(check.finding.verdict == .ok)
        #expect(check.finding.found == "/usr/share/sounds/sf2/TimGM6mb.sf2, found automatically")
    }

    @Test("a soundfont that is there but no SoundFont is a problem when FluidSynth needs it; a broken candidate is passed over")
    func unusableSoundFont() {
        let configured = SoundFontCheck(configured: "/home/me/font.sf2", needed: true, fileExists: { _ in true },
                                        problem: { _ in "it is not a SoundFont" }).finding
        #expect(configured.verdict == .problem)
        #expect(configured.found == "synth.soundFont /home/me/font.sf2 cannot be used: it is not a SoundFont")
        let candidates = SoundFontCheck(configured: nil, needed: true, candidates: ["/a.sf2", "/b.sf2"], fileExists: { _ in true },
                                        problem: { $0 == "/a.sf2" ? "cut short" : nil })
        #expect(candidates.soundFont == "/b.sf2")
    }

    @Test("soundfont: none installed is a problem with the Debian packages when needed, else ok")
    func soundFontMissing() throws {
        let needed = SoundFontCheck(configured: nil, needed: true, fileExists: { _ in false })
        #expect(needed.soundFont == nil)
        #expect(needed.finding.verdict == .problem)
        let fix = try #require(needed.finding.fix)
        #expect(fix.contains("sudo apt install timgm6mb-soundfont") && fix.contains("fluid-soundfont-gm"))
        #expect(SoundFontCheck(configured: nil, needed: false, fileExists: { _ in false }).finding.verdict == .ok)
    }

    @Test("soundfont: a configured file must exist; it is never replaced by a found one")
    func soundFontConfigured() {
        let everything: @Sendable (String) -> Bool = { $0 != "/home/ann/Piano.sf2" }
        let missing = SoundFontCheck(configured: "/home/ann/Piano.sf2", needed: true, fileExists: everything)
        #expect(missing.soundFont == nil)
        #expect(missing.finding.verdict == .problem)
        #expect(missing.finding.found == "synth.soundFont /home/ann/Piano.sf2 does not exist")
        #expect(missing.finding.fix?.contains("peach settings set synth.soundFont") == true)
        #expect(SoundFontCheck(configured: "/home/ann/Piano.sf2", needed: false, fileExists: everything).finding.verdict
            == .warning)
        let present = SoundFontCheck(configured: "/srv/GM.sf2", needed: true, fileExists: { $0 == "/srv/GM.sf2" })
        #expect(present.soundFont == "/srv/GM.sf2")
        #expect(present.finding.verdict == .ok)
    }

    @Test("pitch resolution: auto with Peach's own FluidSynth is the 1-cent floor, and says why")
    func resolutionOwnFluidSynth() {
        let finding = PitchResolutionCheck(setting: .automatic, startedEngine: .fluidSynth, externalSynth: nil).finding
        #expect(finding.verdict == .ok)
        #expect(finding.found.contains("auto: 1 cent"))
        #expect(finding.found.contains("FluidSynth 2.3.1 renders whole cents"))
        #expect(finding.found.contains("the difficulty never goes below 1 cent"))
    }

    @Test("pitch resolution: auto with an external FluidSynth (Qsynth) takes its 1-cent step, recognised by its client name")
    func resolutionExternalFluidSynth() {
        let finding = PitchResolutionCheck(setting: .automatic, startedEngine: nil,
                                           externalSynth: "128:0 \"Synth input port (4321:0)\" of \"FLUID Synth (4321)\"",
                                           externalEngine: SynthEngine(clientName: "FLUID Synth (4321)")).finding
        #expect(finding.verdict == .ok)
        #expect(finding.found.contains("auto: 1 cent for 128:0 \"Synth input port (4321:0)\" of \"FLUID Synth (4321)\", recognised as FluidSynth"))
        #expect(finding.found.contains("renders whole cents"))
        #expect(finding.found.contains("the difficulty never goes below 1 cent"))
    }

    @Test("pitch resolution: auto with another synth is exact, with how to declare a coarser step; a declared value is ok")
    func resolutionOther() throws {
        let other = PitchResolutionCheck(setting: .automatic, startedEngine: nil, externalSynth: "20:0 Yamaha").finding
        #expect(other.verdict == .ok)
        #expect(other.found.contains("auto: exact (0 cents) for 20:0 Yamaha"))
        #expect(other.found.contains("peach settings set midi.pitchResolution"))
        let declared = PitchResolutionCheck(setting: try .cents(validating: 2.5), startedEngine: .fluidSynth,
                                            externalSynth: nil).finding
        #expect(declared.verdict == .ok)
        #expect(declared.found == "midi.pitchResolution declares 2.5 cents; the difficulty never goes below 2.5 cents")
    }

    @Test("pitch resolution: auto with the amsynth Peach starts is exact, down to the bend's 14-bit step, and says so")
    func resolutionOwnAmsynth() throws {
        let finding = PitchResolutionCheck(setting: .automatic, startedEngine: .amsynth, externalSynth: nil,
                                           bendRange: try PitchBendRange(semitones: 2)).finding
        #expect(finding.verdict == .ok)
        #expect(finding.found.hasPrefix("auto: exact (0 cents), as Peach starts amsynth itself"))
        #expect(finding.found.contains("14-bit step (0.024 c at ±2 semitones)"))
        #expect(finding.found.contains("the difficulty never goes below \(Self.minimumText)"))
    }

    @Test("pitch resolution: an amsynth someone else started is known by its client name")
    func resolutionExternalAmsynth() {
        let finding = PitchResolutionCheck(setting: .automatic, startedEngine: nil,
                                           externalSynth: "129:0 \"MIDI IN\" of \"amsynth\"",
                                           externalEngine: SynthEngine(clientName: "amsynth")).finding
        #expect(finding.found.contains("recognised as amsynth by its client name"))
        #expect(finding.found.hasPrefix("auto: exact (0 cents)"))
    }

    /// KazezStrategy's own minimum, the floor of an exact synth.
    static var minimumText: String {
        let value = KazezStrategy.defaultMinimum
        return (value == value.rounded() ? String(Int(value)) : String(value)) + " cent" + (value == 1 ? "" : "s")
    }
}

@Suite("peach doctor: starting the FluidSynth train would start")
struct SynthStartCheckTests {
    @Test("started is ok with the time and the audio driver; not tried is ok with the reason")
    func startedOrNotTried() {
        let started = SynthStartCheck(outcome: .started(seconds: 1.26), audioDriver: "pulseaudio").finding
        #expect(started.verdict == .ok)
        #expect(started.found == "FluidSynth started and stopped again in 1.3 s (audio driver pulseaudio)")
        let skipped = SynthStartCheck(outcome: .notTried("no sequencer (see above)"), audioDriver: nil).finding
        #expect(skipped.verdict == .ok)
        #expect(skipped.found == "not tried: no sequencer (see above)")
    }

    @Test("a slow start that succeeds is ok, and says it was slow")
    func slowStart() {
        let finding = SynthStartCheck(outcome: .started(seconds: 12.34), audioDriver: nil, engine: .amsynth).finding
        #expect(finding.verdict == .ok)
        #expect(finding.found.hasPrefix("slow start: 12.3 s"), "\(finding.found)")
        let quick = SynthStartCheck(outcome: .started(seconds: 4.9), audioDriver: nil, engine: .amsynth).finding
        #expect(!quick.found.contains("slow"), "\(quick.found)")
    }

    @Test("an audio device that fails is a problem whose fix names other drivers and the audio group")
    func audioFailure() throws {
        let message = "FluidSynth exited with status 1 before it was ready: … FluidSynth said:\n  fluidsynth: error: Failed to open the default audio device"
        let finding = SynthStartCheck(outcome: .failed(message), audioDriver: nil).finding
        #expect(finding.verdict == .problem)
        #expect(finding.found.hasPrefix("FluidSynth did not start with FluidSynth's default audio driver: FluidSynth exited"))
        let fix = try #require(finding.fix)
        #expect(fix.contains("synth.audioDriver pulseaudio") && fix.contains("audio group") && fix.contains("midi.outputPort"))
    }

    @Test("any other failure still says what to check")
    func otherFailure() throws {
        let finding = SynthStartCheck(outcome: .failed("FluidSynth was not ready within 20 seconds"), audioDriver: "jack").finding
        #expect(finding.verdict == .problem)
        #expect(finding.found.contains("audio driver jack"))
        #expect(try #require(finding.fix).contains("synth.soundFont"))
    }
}
