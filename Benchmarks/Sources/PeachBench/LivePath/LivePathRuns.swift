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

    /// Figure 4's path: a key answers a comparison while its target sounds; the note-off is the reaction.
    static func answer(trials: Int) async throws -> Samples {
        let output = CountingOutput()
        let gate = GatedClock()
        let player = ALSANotePlayer(output: output, clock: gate)
        return try await withTrainer(mode: .comparison, output: output, feedback: nil, makeSession: { _ in
            .comparison(try PitchComparisonSession(intervals: [.prime], player: player, settings: DefaultSettings(),
                                                   clock: ImmediateClock()))
        }) { route, reports in
            var samples = Samples()
            for _ in 0..<trials {
                try await reports.state(PitchComparisonState.playingNote1)
                gate.release()
                try await reports.state(PitchComparisonState.playingNote2)
                measure(KeyboardEvents.noteOn(127), route, output, into: &samples)
            }
            return samples
        }
    }

    /// Figure 5's path: the mod wheel sweeps while the tunable note sounds; each move's bend is the reaction.
    static func bend(moves: Int) async throws -> Samples {
        let output = CountingOutput()
        let gate = GatedClock()
        let player = ALSANotePlayer(output: output, clock: gate)
        return try await withTrainer(mode: .matching, output: output, feedback: nil, makeSession: { _ in
            .matching(try PitchMatchingSession(intervals: [.prime], player: player, settings: DefaultSettings(),
                                               clock: ImmediateClock()))
        }) { route, reports in
            try await reports.state(PitchMatchingState.playingReference)
            gate.release()
            try await reports.state(PitchMatchingState.awaitingTouch)
            route.receive(KeyboardEvents.modWheel(KeyboardEvents.sweep(0)))  // the touch: the tunable note starts
            var samples = Samples()
            samples.toReaction.reserveCapacity(moves)
            samples.whole.reserveCapacity(moves)
            samples.allocations.reserveCapacity(moves)
            for step in 1...moves {
                measure(KeyboardEvents.modWheel(KeyboardEvents.sweep(step)), route, output, into: &samples)
            }
            return samples
        }
    }

    /// Figure 18's path: a key answers a rhythm offset trial; the feedback cue's note-on is the reaction.
    static func cue(trials: Int) async throws -> Samples {
        let output = CountingOutput()
        let gate = GatedClock()
        let cue = MIDIFeedbackCue(output: output, channel: .percussion, velocity: MIDIVelocity(clamping: 100))
        return try await withTrainer(mode: .rhythmOffsetDetection, output: output,
                                     feedback: TrainerFeedback(cue: cue, settings: .default), makeSession: { _ in
            .rhythmOffsetDetection(RhythmOffsetDetectionSession(player: GatedRhythmPlayer(gate: gate),
                                                                settings: DefaultSettings(), clock: ImmediateClock()))
        }) { route, reports in
            var samples = Samples()
            for trial in 0..<trials {
                try await reports.state(RhythmOffsetDetectionState.playingClicks)
                gate.release()
                try await reports.state(RhythmOffsetDetectionState.awaitingAnswer)
                measure(KeyboardEvents.noteOn(trial.isMultiple(of: 2) ? 40 : 80), route, output, into: &samples)
            }
            return samples
        }
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

    private static func withTrainer(
        mode: TrainingMode, output: CountingOutput, feedback: TrainerFeedback?,
        makeSession: @escaping Trainer.SessionFactory,
        _ body: (InputRoute, inout AsyncStream<TrainingReport>.Iterator) async throws -> Samples
    ) async throws -> Samples {
        let feed = ReportFeed()
        let trainer = Trainer(mode: mode, trialLimit: nil, makeSession: makeSession, presenter: feed, rig: LivePathRig(),
                              feedback: feedback)
        let run = Task { await trainer.run() }
        var reports = feed.reports.makeAsyncIterator()
        let result = await Result { try await body(trainer.route, &reports) }
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
