import ALSASequencer
import PeachALSA
import PeachCore
import PeachRig
import PeachTrainer

/// Pushes decoded controller events through the trainer's real input route, session and note
/// player (or feedback cue) to a counting output, timing each `receive` on the calling thread:
/// from the call to the reaction's send, and to the return (everything the reader thread does
/// before it can read the next event).
enum LivePathRuns {
    struct Samples {
        var toReaction: [Int64] = []
        var whole: [Int64] = []
        var allocations: [UInt64] = []
        var reactions = 0
    }

    /// What one run's trainer sends to and waits on: the counting output, the gate every note
    /// and click waits for, and a note player on both.
    final class Edges: Sendable {
        let output = CountingOutput()
        let gate = GatedClock()
        let player: ALSANotePlayer

        init() { player = ALSANotePlayer(output: output, clock: gate) }
    }

    /// Figure 4's path: a key answers a comparison while its target sounds; the note-off is the reaction.
    static func answer(trials: Int) async throws -> Samples {
        try await withTrainer(mode: .comparison, session: { edges in
            .comparison(PitchComparisonSession(try PitchComparison(intervals: [.prime], player: edges.player),
                                               settings: DefaultSettings(), clock: ImmediateClock()))
        }) { edges, route, reports in
            try await answers(trials, released: PitchComparisonState.playingNote1, answered: PitchComparisonState.playingNote2,
                              edges, route, &reports) { _ in KeyboardEvents.noteOn(127) }
        }
    }

    /// Figure 5's path: the mod wheel sweeps while the tunable note sounds; each move's bend is the reaction.
    static func bend(moves: Int) async throws -> Samples {
        try await withTrainer(mode: .matching, session: { edges in
            .matching(PitchMatchingSession(try PitchMatching(intervals: [.prime], player: edges.player),
                                           settings: DefaultSettings(), clock: ImmediateClock()))
        }) { edges, route, reports in
            try await reports.state(PitchMatchingState.playingReference)
            edges.gate.release()
            try await reports.state(PitchMatchingState.awaitingTouch)
            route.receive(KeyboardEvents.modWheel(KeyboardEvents.sweep(0)))  // the touch: the tunable note starts
            var samples = Samples()
            samples.toReaction.reserveCapacity(moves)
            samples.whole.reserveCapacity(moves)
            samples.allocations.reserveCapacity(moves)
            for step in 1...moves {
                measure(KeyboardEvents.modWheel(KeyboardEvents.sweep(step)), route, edges.output, into: &samples)
            }
            return samples
        }
    }

    /// Figure 18's path: a key answers a rhythm offset trial; the feedback cue's note-on is the reaction.
    static func cue(trials: Int) async throws -> Samples {
        try await withTrainer(mode: .rhythmOffsetDetection, cue: true, session: { edges in
            .rhythmOffsetDetection(RhythmOffsetDetectionSession(RhythmOffsetDetection(player: GatedRhythmPlayer(gate: edges.gate)),
                                                                settings: DefaultSettings(), clock: ImmediateClock()))
        }) { edges, route, reports in
            try await answers(trials, released: RhythmOffsetDetectionState.playingClicks,
                              answered: RhythmOffsetDetectionState.awaitingAnswer, edges, route, &reports) { trial in
                KeyboardEvents.noteOn(trial.isMultiple(of: 2) ? 40 : 80)
            }
        }
    }

    /// One answer a trial: when the trial reports `released` the gate lets what it plays end,
    /// when it reports `answered` the answer is timed.
    private static func answers<State: Equatable>(
        _ trials: Int, released: State, answered: State, _ edges: Edges, _ route: InputRoute,
        _ reports: inout AsyncStream<TrainingReport>.Iterator, answer: (Int) -> SequencerEvent
    ) async throws -> Samples {
        var samples = Samples()
        for trial in 0..<trials {
            try await reports.state(released)
            edges.gate.release()
            try await reports.state(answered)
            measure(answer(trial), route, edges.output, into: &samples)
        }
        return samples
    }

    private static func measure(_ event: SequencerEvent, _ route: InputRoute, _ output: CountingOutput,
                                into samples: inout Samples) {
        output.arm()
        let allocationsBefore = AllocationCount.now
        let start = Monotonic.nanoseconds
        route.receive(event)
        let end = Monotonic.nanoseconds
        let allocations = AllocationCount.now - allocationsBefore
        samples.whole.append(end - start)
        samples.allocations.append(allocations)
        if let reaction = output.reactionTime {
            samples.toReaction.append(reaction - start)
            samples.reactions += 1
        }
    }

    /// Runs a trainer of `mode` on fresh edges (with the feedback cue on them if `cue`) while `body` drives it.
    private static func withTrainer(
        mode: TrainingMode, cue: Bool = false, session: @escaping @Sendable (Edges) throws -> ActiveSession,
        _ body: (Edges, InputRoute, inout AsyncStream<TrainingReport>.Iterator) async throws -> Samples
    ) async throws -> Samples {
        let edges = Edges()
        let feedback = cue ? TrainerFeedback(cue: MIDIFeedbackCue(output: edges.output, channel: .percussion,
                                                                  velocity: MIDIVelocity(clamping: 100)),
                                             settings: .default) : nil
        let feed = ReportFeed()
        let trainer = Trainer(mode: mode, trialLimit: nil, makeSession: { _ in try session(edges) }, presenter: feed,
                              rig: LivePathRig(), feedback: feedback)
        let run = Task { await trainer.run() }
        var reports = feed.reports.makeAsyncIterator()
        let result = await Result { try await body(edges, trainer.route, &reports) }
        trainer.finish()
        _ = await run.value
        feed.end()
        let samples = try result.get()
        guard samples.reactions == samples.whole.count else {
            throw LivePathError.lostReactions(expected: samples.whole.count, sent: samples.reactions)
        }
        return samples
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
