import ALSASequencer
import Foundation
import PeachALSA
import PeachCore
import PeachSimulation
import Synchronization

/// Figure 17: how exactly rhythm matching records a tap. A drummer client schedules each tap on
/// its own queue at a known offset from where the trial's fourth sixteenth belongs; Peach's
/// rhythm matching (the real session, ALSARhythmPlayer's clicks, the controller mapping, the
/// kernel's stamp on the output queue) records the tap's offset. The baseline is the kernel's
/// own delivery: bare clients subscribed to the same drummer stamp the same tap on the same
/// clock. The kernel stamps subscribers one after the other as it delivers, in the order they
/// subscribed, so one subscribes before Peach and one after: a recorder adding nothing records
/// a stamp between theirs, and Peach's error beyond the kernel's is how far outside it lies.
struct TapTiming: BenchmarkFigure {
    static let number = 17
    static let title = "Tap timing"
    static let target = "taps injected at known instants (a second client scheduling them on its own queue): measured "
        + "offset error p99 ≤ 0.5 ms beyond the kernel's own delivery"
    static let needsSequencer = true

    private static let padNote: UInt8 = 38

    func run(_ context: BenchContext) async throws -> FigureResult {
        let trials = context.count(200, quick: 4)
        // As `peach` opens its client, and a rhythm run holds its queue.
        let peach = try SequencerClient(name: "Peach Bench Rhythm", queueTickHz: SequencerClient.fastestTickHz)
        defer { peach.close() }
        let player = try ALSARhythmPlayer(output: peach)
        defer { try? player.close() }
        let drummer = try SequencerClient(name: "Peach Bench Drummer", queueTickHz: SequencerClient.fastestTickHz)
        defer { drummer.close() }
        try drummer.holdOutputQueue()
        defer { try? drummer.releaseOutputQueue() }
        // The kernel's own delivery of the same taps, stamped on Peach's clock just before
        // Peach's stamp and just after it.
        let before = try SequencerClient(name: "Peach Bench Tap Reference Before")
        defer { before.close() }
        let tapsBefore = StampedEvents(before)
        try before.connectInput(from: drummer.outputPort, timestampQueue: peach.outputQueue)
        let after = try SequencerClient(name: "Peach Bench Tap Reference After")
        defer { after.close() }
        let tapsAfter = StampedEvents(after)
        // Somewhere for the clicks to go, as a synth would take them.
        let synth = try SequencerClient(name: "Peach Bench Drum Synth")
        defer { synth.close() }
        try peach.connectOutput(to: synth.inputPort)

        let session = RhythmMatchingSession(RhythmMatching(player: player), settings: TrainingSettings.defaults)
        // The trainer's route in short: the mapping turns the pad into a tap with its stamp, and
        // the session takes it on the reader thread.
        let mapping = Mutex(ControllerMapping(settings: .default, source: drummer.outputPort, answers: .tap))
        peach.onInput { event in
            let inputs = mapping.withLock { $0.map(event) }
            for case .tap(let stamp?) in inputs { session.tap(at: RhythmInstant(nanoseconds: Int64(stamp))) }
        }
        try peach.connectInput(from: drummer.outputPort, timestampQueue: peach.outputQueue)
        try after.connectInput(from: drummer.outputPort, timestampQueue: peach.outputQueue)

        let plan = Plan(count: trials)
        // Each trial, as soon as it starts (its clicks are on the queue): the tap goes on the
        // drummer's queue where the fourth belongs plus the planned offset, on the drummer's clock.
        let failures = Mutex<[String]>([])
        session.observeEvents { event in
            guard case .trialStarted(let trial) = event else { return }
            do {
                let offset = try plan.offset(for: trial.number)
                let due = try Self.drummerTime(of: trial.expected.advanced(by: offset), peach: peach, drummer: drummer)
                try drummer.schedule([ScheduledMessage(.noteOn(channel: 0, note: Self.padNote, velocity: 110), at: due),
                                      ScheduledMessage(.noteOff(channel: 0, note: Self.padNote, velocity: 0),
                                                       at: due.advanced(by: .milliseconds(20)))], tag: 1)
                plan.noteExpected(trial.expected, for: trial.number)
            } catch {
                failures.withLock { $0.append("trial \(trial.number): \(error)") }
            }
        }
        let records = session.events()
        context.progress("figure 17: \(trials) rhythm matching trials, each tap at a known offset…")
        await session.start()
        var recorded: [Double] = []
        for await event in records {
            switch event {
            case .trialCompleted(let record): recorded.append(record.userOffset.milliseconds)
            case .tapMissed(let trial): failures.withLock { $0.append("trial \(trial.number): the tap was not counted") }
            default: break
            }
            if recorded.count + failures.withLock({ $0.count }) >= trials { break }
        }
        await session.stop()
        if let failure = failures.withLock({ $0.first }) { throw BenchFailure("figure 17: \(failure)") }

        try await Task.sleep(for: .milliseconds(100))
        let asked = plan.askedMilliseconds(trials)
        let expected = plan.expectedNanoseconds(trials)
        let errorsBefore = try await Self.errors(of: tapsBefore, "before Peach", trials: trials, expected: expected, asked: asked)
        let errorsAfter = try await Self.errors(of: tapsAfter, "after Peach", trials: trials, expected: expected, asked: asked)
        let peachErrors = zip(recorded, asked).map { $0 - $1 }
        // Outside the two references' stamps of the same tap, by how much (0 between them).
        let outside = zip(peachErrors, zip(errorsBefore, errorsAfter)).map { peach, bracket in
            max(0, min(bracket.0, bracket.1) - peach, peach - max(bracket.0, bracket.1))
        }
        let spread = zip(errorsBefore, errorsAfter).map { abs($1 - $0) }
        let measured = FigureResult.Series("recorded offset − asked (Peach: session, mapping, kernel stamp)", unit: "ms",
                                           values: peachErrors.map(abs))
        let baseline = FigureResult.Series("kernel delivery: the stamp of a bare client subscribed before Peach − asked",
                                           role: .baseline, unit: "ms", values: errorsBefore.map(abs))
        let baselineAfter = FigureResult.Series("kernel delivery: the stamp of a bare client subscribed after Peach − asked",
                                                role: .baseline, unit: "ms", values: errorsAfter.map(abs))
        let apart = FigureResult.Series("the kernel's two stamps of one tap, after − before", role: .baseline, unit: "ms",
                                        values: spread)
        let beyond = FigureResult.Series("Peach's error beyond the kernel's: outside the two stamps, tap by tap", unit: "ms",
                                         values: outside)
        let mean = { (values: [Double]) in values.reduce(0, +) / Double(max(values.count, 1)) }
        return result(
            series: [measured, baseline, baselineAfter, apart, beyond],
            verdict: context.verdict(beyond.summary.p99 <= 0.5,
                                     "beyond the kernel's own delivery: p99 \(MarkdownReport.number(beyond.summary.p99)) ms, "
                                     + "max \(MarkdownReport.number(beyond.summary.max)) ms; recorded error p99 "
                                     + "\(MarkdownReport.number(measured.summary.p99)) ms"),
            findings: [
                "\(trials) rhythm matching trials at 80 BPM (RhythmMatchingSession with ALSARhythmPlayer on a client opened "
                    + "as peach opens it, queue held at \(SequencerClient.fastestTickHz) Hz). A drummer client schedules "
                    + "each trial's tap on its own queue (same tick) at a planned offset of −40…+40 ms from the fourth "
                    + "sixteenth, converted to its clock by reading both queues' clocks back to back. Peach's taps pass "
                    + "ControllerMapping and RhythmMatchingSession.tap(at:) as in `peach train`, stamped by the kernel on "
                    + "Peach's output queue.",
                "Baseline: the kernel stamps each subscriber as it delivers to it, in the order they subscribed, so two "
                    + "bare clients stamp every tap on Peach's output queue, one subscribed before Peach and one after. "
                    + "Their errors are the kernel's delivery plus the clock conversion and the drummer's tick, which "
                    + "Peach's includes too; a recorder adding nothing lies between them.",
                "Mean signed error: Peach \(MarkdownReport.number(mean(peachErrors))) ms, the kernel's stamps "
                    + "\(MarkdownReport.number(mean(errorsBefore))) ms (before) and \(MarkdownReport.number(mean(errorsAfter))) ms "
                    + "(after). Taps outside the two stamps: \(outside.filter { $0 > 0 }.count) of \(trials).",
            ])
    }

    /// What a reference client recorded for each trial's tap: its stamp − where the fourth
    /// belonged − the asked offset, in milliseconds.
    private static func errors(of taps: StampedEvents, _ name: String, trials: Int, expected: [Int64],
                               asked: [Double]) async throws -> [Double] {
        let stamps = try await taps.takeAll()
            .filter { NoteEdge($0.midiMessage) == .on(note: padNote) }.map { try $0.stamp() }
        guard stamps.count == trials else {
            throw BenchFailure("figure 17: the reference subscribed \(name) heard \(stamps.count) of \(trials) taps")
        }
        return zip(zip(stamps, expected), asked).map { pair, asked in Double(Int64(pair.0) - pair.1) / 1e6 - asked }
    }

    /// `instant` on Peach's output queue, as the drummer's queue tells the time: the two clocks
    /// read back to back, the closest of a few readings.
    private static func drummerTime(of instant: RhythmInstant, peach: SequencerClient,
                                    drummer: SequencerClient) throws -> SequencerTime {
        var best: (span: Int64, offset: Int64)?
        for _ in 0..<5 {
            let before = Int64(try drummer.currentTime().nanoseconds)
            let ours = Int64(try peach.currentTime().nanoseconds)
            let after = Int64(try drummer.currentTime().nanoseconds)
            // A queue's clock is extrapolated between its ticks and can step back a little at
            // one: such a reading brackets nothing.
            let span = after - before
            guard span >= 0 else { continue }
            let offset = before + span / 2 - ours
            if best.map({ span < $0.span }) ?? true { best = (span, offset) }
        }
        return SequencerTime(nanoseconds: UInt64(instant.nanoseconds + (best?.offset ?? 0)))
    }

    /// The planned offsets, and where each trial's fourth sixteenth belonged.
    private final class Plan: Sendable {
        private let offsets: [Duration]
        private let expected = Mutex<[Int: Int64]>([:])

        init(count: Int) {
            var random = SystemRandomNumberGenerator()
            offsets = (0..<count).map { _ in .microseconds(Int.random(in: -40_000...40_000, using: &random)) }
        }

        func offset(for trial: Int) throws -> Duration {
            guard offsets.indices.contains(trial - 1) else { throw BenchFailure("trial \(trial) beyond the plan") }
            return offsets[trial - 1]
        }

        func noteExpected(_ instant: RhythmInstant, for trial: Int) {
            expected.withLock { $0[trial] = instant.nanoseconds }
        }

        func askedMilliseconds(_ count: Int) -> [Double] {
            offsets.prefix(count).map { Double($0 / .nanoseconds(1)) / 1e6 }
        }

        func expectedNanoseconds(_ count: Int) -> [Int64] {
            expected.withLock { expected in (1...count).map { expected[$0] ?? 0 } }
        }
    }
}
