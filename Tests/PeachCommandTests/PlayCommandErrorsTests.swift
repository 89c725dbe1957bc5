import Foundation
import PeachTestSupport
import Testing

/// `peach play`'s argument errors, found before any port is touched, and the missing sequencer.
@Suite("peach play: help and errors", .timeLimit(.minutes(Patience.minutes(1))))
struct PlayCommandErrorsTests {
    /// Its own config folder, so the user's settings never leak in.
    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> PeachExecutable.Outcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-play-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await PeachExecutable.run(["play"] + arguments,
                                             environment: ["XDG_CONFIG_HOME": folder.path, "HOME": folder.path]
                                                 .merging(environment) { $1 })
    }

    @Test("--help names every option and the note forms")
    func help() async throws {
        let outcome = try await PeachExecutable.run(["play", "--help"])
        #expect(outcome.status == 0, "\(outcome)")
        for text in ["<note>", "--frequency", "--cents", "--duration", "--to", "--config", "C#3", "peach ports"] {
            #expect(outcome.stdout.contains(text), "\(text) missing from:\n\(outcome.stdout)")
        }
    }

    @Test("bad arguments are usage errors that name the argument", arguments: [
        ([], "NOTE: missing"),
        (["A4", "--frequency", "440"], "NOTE and --frequency: give one or the other"),
        (["H4"], "The value 'H4' is invalid for '<note>': 'H4' is not a valid note"),
        (["128"], "The value '128' is invalid for '<note>': MIDI note 128 is out of range"),
        (["G#9"], "The value 'G#9' is invalid for '<note>': MIDI note G#9 (128) is out of range"),
        (["--frequency", "abc"], "The value 'abc' is invalid for '--frequency <hz>': not a number of hertz"),
        (["--frequency", "0"], "The value '0' is invalid for '--frequency <hz>': frequency 0.0 Hz is out of range"),
        (["--frequency", "30000"], "--frequency: 30000.0 Hz: frequency"),
        (["A4", "--cents", "x"], "The value 'x' is invalid for '--cents <cents>': not a number of cents"),
        (["A4", "--cents", "-5000"], "The value '-5000' is invalid for '--cents <cents>': out of range (allowed: -1200.0…1200.0 cents)"),
        (["G9", "--cents", "1200"], "NOTE with --cents: G9 +1200.0 c: frequency"),
        (["A4", "--duration", "0"], "The value '0' is invalid for '--duration <seconds>': out of range (allowed: 0.1…30.0 seconds)"),
        (["A4", "--duration", "nan"], "The value 'nan' is invalid for '--duration <seconds>': not a number of seconds"),
        (["A4", "--duration", "forever"], "The value 'forever' is invalid for '--duration <seconds>': not a number of seconds"),
    ])
    func badArguments(arguments: [String], message: String) async throws {
        let outcome = try await Self.run(arguments)
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("Usage: peach play "), "the command's own usage: \(outcome.stderr)")
        #expect(outcome.stdout.isEmpty, "nothing played: \(outcome.stdout)")
    }

    @Test("without a kernel sequencer: valid arguments get a clear error that points to peach doctor",
          .enabled(if: !FileManager.default.fileExists(atPath: "/dev/snd/seq"), "this machine has a sequencer"),
          arguments: [["A4", "--cents", "-13.7"], ["--frequency", "415", "--duration", "0.5", "--to", "128:0"], ["69"]])
    func noSequencer(arguments: [String]) async throws {
        let outcome = try await Self.run(arguments)
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stderr.contains("cannot open the ALSA sequencer"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("peach doctor"), "\(outcome.stderr)")
    }
}
