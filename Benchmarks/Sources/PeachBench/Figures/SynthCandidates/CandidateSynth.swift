import Foundation

/// A synth measured as Peach's possible default: how it is started as an ALSA sequencer client
/// with no display and no sound card, how its sound reaches a WAV file, and the tone it plays.
struct CandidateSynth: Sendable {
    /// How the sound gets into a file.
    enum Capture: Sendable {
        /// The synth writes the WAV itself; `arguments` receive its path.
        case file
        /// The synth plays to ALSA's default device on the VM's snd-aloop card ("Loopback",
        /// ALSA_CARD), and arecord records the other end of the loop.
        case loopback
    }

    let name: String
    let executable: String
    /// A command whose output names the version: the synth's own `--version`-like option, or
    /// dpkg-query where it has none (Yoshimi).
    let versionCommand: [String]
    /// The command line, given the WAV it may write and a folder of its own.
    let arguments: @Sendable (_ wav: URL, _ home: URL) -> [String]
    let capture: Capture
    /// Its sequencer client's name starts with this.
    let clientPrefix: String
    /// What it prints (stdout or stderr) once it plays; nil: its port appearing is enough.
    let readyMarker: String?
    /// The sound.program Peach sends it (a program change selects this tone).
    let program: Int
    /// The tone, for the findings.
    let tone: String
    /// Extra environment (XDG folders for amsynth's bank).
    var environment: @Sendable (_ home: URL) -> [String: String] = { _ in [:] }
    /// Prepares its folder (amsynth's bank) before it starts.
    var prepare: @Sendable (_ home: URL) throws -> Void = { _ in }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()  // Benchmarks/

    /// amsynth 1.13: the bank Peach ships (config/amsynth) as the only user bank, named `default`
    /// (else amsynth creates a `default` bank that sorts first), so bank select 0 and program 0 pick it.
    static let amsynth = CandidateSynth(
        name: "amsynth", executable: "/usr/bin/amsynth", versionCommand: ["/usr/bin/amsynth", "-v"],
        arguments: { _, home in
            ["-x", "-a", "alsa", "-m", "alsa", "-r", "48000", "-b",
             home.appendingPathComponent("data/amsynth/banks/default").path]
        },
        capture: .loopback, clientPrefix: "amsynth", readyMarker: nil, program: 0,
        tone: "config/amsynth/peach.amSynth.bank: a triangle and a sine in unison, 12 dB low-pass, no LFO, no reverb",
        environment: { home in
            ["XDG_DATA_HOME": home.appendingPathComponent("data").path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path]
        },
        prepare: { home in
            let banks = home.appendingPathComponent("data/amsynth/banks")
            try FileManager.default.createDirectory(at: banks, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: home.appendingPathComponent("config"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: repository.appendingPathComponent("config/amsynth/peach.amSynth.bank"),
                                             to: banks.appendingPathComponent("default"))
        })

    /// Yoshimi 2.2 with its default instrument (bank select and program 0 load bank 0's first).
    static let yoshimi = CandidateSynth(
        name: "Yoshimi", executable: "/usr/bin/yoshimi",
        versionCommand: ["/usr/bin/dpkg-query", "-W", "-f", "${Version}", "yoshimi"],
        arguments: { _, _ in ["-i", "-c", "-a", "-A", "-R", "48000"] },
        capture: .loopback, clientPrefix: "yoshimi", readyMarker: "We're up and running", program: 0,
        tone: "its start-up instrument, then whatever sound.program 0 selects",
        environment: { home in ["HOME": home.path] })

    /// TiMidity++ 2.14 in ALSA server mode writing WAV, with the General MIDI soundfont of
    /// figure 2 (TimGM6mb, program 79 ocarina), chorus and reverb off.
    static let timidity = CandidateSynth(
        name: "TiMidity++", executable: "/usr/bin/timidity", versionCommand: ["/usr/bin/timidity", "--version"],
        arguments: { wav, home in
            ["-c", home.appendingPathComponent("timidity.cfg").path, "-iA", "-Ow", "-o", wav.path, "-s", "48000",
             "-EFchorus=d", "-EFreverb=d", "-EFvlpf=d"]
        },
        capture: .file, clientPrefix: "TiMidity", readyMarker: nil, program: 79,
        tone: "TimGM6mb program 79 (ocarina), as figure 2; chorus, reverb and the voice filter off",
        prepare: { home in
            try "soundfont /usr/share/sounds/sf2/TimGM6mb.sf2\n".write(
                to: home.appendingPathComponent("timidity.cfg"), atomically: true, encoding: .utf8)
        })

    static let all = [amsynth, yoshimi, timidity]

    /// The environment variable naming the synths to measure (a VM run per synth stays short).
    static let selection = "PEACH_BENCH_SYNTHS"

    /// The synths `list` names ("amsynth,yoshimi,timidity", any case, "TiMidity++" or "timidity"),
    /// in `all`'s order; all of them when it is nil or empty.
    static func selected(_ list: String?) throws -> [CandidateSynth] {
        let names = (list ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty }
        guard !names.isEmpty else { return all }
        let key = { (name: String) in name.lowercased().replacingOccurrences(of: "+", with: "") }
        if let unknown = names.first(where: { name in !all.contains { key($0.name) == key(name) } }) {
            throw BenchFailure("\(selection)=\(list ?? ""): no synth \"\(unknown)\"; known: "
                               + all.map { key($0.name) }.joined(separator: ", "))
        }
        return all.filter { synth in names.contains { key($0) == key(synth.name) } }
    }
}
