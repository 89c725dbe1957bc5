import Foundation

/// What figure 14 measures of one synth: each step of A4's staircase and each odd pitch, from
/// one render, with the notes an underrun disturbed played again in renders of their own.
///
/// An underrun under TCG leaves a gap of digital silence inside a note; scripts/measure-pitch.py
/// then measures the longest stretch without one, and says how long it was. A short one is the
/// emulator's doing, not the synth's, so its unit (the step with its undetuned A4, the odd pitch
/// between its note twice) is rendered again, up to `replayRounds` times. Only gaps of digital
/// silence count: a wrong pitch that sounds whole stays measured as it is.
struct CandidateMeasurement {
    /// A step (A4 + `cents`, beside an undetuned A4) or an odd pitch (beside its note played before and after).
    enum Unit {
        case step(Double)
        case probe(PitchProbe)

        /// The plays of the unit rendered on its own.
        var plays: [[String]] {
            switch self {
            case .step(let cents): [["A4"], Self.stepArguments(cents)]
            case .probe(let probe): [[String(probe.referenceNote)], probe.arguments, [String(probe.referenceNote)]]
            }
        }

        static func stepArguments(_ cents: Double) -> [String] { ["A4", "--cents", String(format: "%.1f", cents)] }
    }

    /// A unit's measured difference from its reference, and (odd pitches) its reference twice.
    struct Result {
        let cents: Double
        let noise: Double?
        let disturbed: Bool
    }

    static let replayRounds = 2

    let steps: [Double]
    let probes: [PitchProbe]
    private(set) var results: [Result] = []
    /// From spawning the synth to its port (and audio) for the first render.
    private(set) var startUp: Duration = .zero
    /// Notes of the first render with any underrun gap in their steady middle.
    private(set) var notesWithGaps = 0
    /// Why the replays stopped early, if one failed.
    private(set) var replayFailure: String?
    /// Per replay round: how many units went again, how many came back undisturbed.
    private(set) var rounds: [(replayed: Int, clean: Int)] = []

    var units: [Unit] { steps.map(Unit.step) + probes.map(Unit.probe) }
    var stepResults: ArraySlice<Result> { results.prefix(steps.count) }
    var probeResults: ArraySlice<Result> { results.dropFirst(steps.count) }
    var disturbedLeft: Int { results.filter(\.disturbed).count }

    /// The first render: one undetuned A4, the steps against it, then each odd pitch between its note twice.
    var firstPlays: [[String]] {
        [["A4"]] + steps.map(Unit.stepArguments) + probes.flatMap { Unit.probe($0).plays }
    }

    init(steps: [Double], probes: [PitchProbe]) {
        self.steps = steps
        self.probes = probes
    }

    /// Renders, measures and replays disturbed units; `render` plays its list into a fresh start
    /// of the synth and returns the measured notes (exactly one per play, in order) and its start-up.
    mutating func run(render: (_ round: Int, _ plays: [[String]]) async throws -> (notes: [PitchMeasurement.Note], startUp: Duration))
        async throws {
        let first = try await render(0, firstPlays)
        startUp = first.startUp
        notesWithGaps = first.notes.filter { $0.dropouts > 0 }.count
        results = Self.firstResults(first.notes, steps: steps.count, probes: probes.count)
        for round in 1...Self.replayRounds {
            let again = results.indices.filter { results[$0].disturbed }
            guard !again.isEmpty else { break }
            let units = units
            let replay: (notes: [PitchMeasurement.Note], startUp: Duration)
            do {
                replay = try await render(round, again.flatMap { units[$0].plays })
            } catch {
                // The first render stands; a replay that could not be measured ends the replays.
                replayFailure = "replay \(round) could not be measured: \(error)"
                break
            }
            var offset = 0, clean = 0
            for index in again {
                let count = units[index].plays.count
                let result = Self.result(Array(replay.notes[offset..<offset + count]))
                offset += count
                // A replay still disturbed keeps the first measurement, which is flagged as such.
                if !result.disturbed {
                    results[index] = result
                    clean += 1
                }
            }
            rounds.append((again.count, clean))
        }
    }

    /// The steps share the render's first note as their reference.
    static func firstResults(_ notes: [PitchMeasurement.Note], steps: Int, probes: Int) -> [Result] {
        let reference = notes[0]
        let stepResults = notes[1..<1 + steps].map { note in
            Result(cents: EndToEndPitch.cents(note.hertz, from: reference.hertz), noise: nil,
                   disturbed: reference.disturbed || note.disturbed)
        }
        let probeResults = (0..<probes).map { index in
            let base = 1 + steps + 3 * index
            return result(Array(notes[base..<base + 3]))
        }
        return stepResults + probeResults
    }

    /// A unit rendered alone: [A4, step] or [note, odd pitch, note].
    static func result(_ notes: [PitchMeasurement.Note]) -> Result {
        Result(cents: EndToEndPitch.cents(notes[1].hertz, from: notes[0].hertz),
               noise: notes.count == 3 ? abs(EndToEndPitch.cents(notes[2].hertz, from: notes[0].hertz)) : nil,
               disturbed: notes.contains(where: \.disturbed))
    }
}
