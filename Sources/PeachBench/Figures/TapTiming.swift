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
/// own delivery: a bare client subscribed to the same drummer stamps the same tap on the same
/// clock, and its offset is what a recorder adding nothing would record.
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
        // The kernel's own delivery of the same taps, stamped on Peach's clock.
        let reference = try SequencerClient(name: "Peach Bench Tap Reference")
        defer { reference.close() }
        let referenceTaps = StampedEvents(reference)
        try reference.connectInput(from: drummer.outputPort, timestampQueue: peach.outputQueue)
        // Somewhere for the clicks to go, as a synth would take them.
        let synth = try SequencerClient(name: "Peach Bench Drum Synth")
        defer { synth.close() }
        try peach.connectOutput(to: synth.inputPort)

        let session = RhythmMatchingSession(player: player, settings: SimulationSettings())
        // The trainer's route in short: the mapping turns the pad into a tap with its stamp, and
        // the session takes it on the reader thread.
        let mapping = Mutex(ControllerMapping(settings: .default, source: drummer.outputPort, session: .rhythmMatching))
        peach.onInput { event in
            let inputs = mapping.withLock { $0.map(event) }
            for case .tap(let stamp?) in inputs { session.tap(at: RhythmInstant(nanoseconds: Int64(stamp))) }
        }
        try peach.connectInput(from: drummer.outputPort, timestampQueue: peach.outputQueue)

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
        let stamps = try await referenceTaps.takeAll()
            .filter { NoteEdge($0.midiMessage) == .on(note: Self.padNote) }.map { try $0.stamp() }
        guard stamps.count == trials else { throw BenchFailure("figure 17: the reference heard \(stamps.count) of \(trials) taps") }
        let asked = plan.askedMilliseconds(trials)
        let expected = plan.expectedNanoseconds(trials)
        let peachErrors = zip(recorded, asked).map { $0 - $1 }
        let referenceErrors = zip(zip(stamps, expected), asked).map { pair, asked in
            Double(Int64(pair.0) - pair.1) / 1e6 - asked
        }
        let measured = FigureResult.Series("recorded offset − asked (Peach: session, mapping, kernel stamp)", unit: "ms",
                                           values: peachErrors.map(abs))
        let baseline = FigureResult.Series("kernel delivery: a bare client's stamp − asked", role: .baseline, unit: "ms",
                                           values: referenceErrors.map(abs))
        let beyond = FigureResult.Series("Peach's error beyond the kernel's, tap by tap", unit: "ms",
                                         values: zip(peachErrors, referenceErrors).map { abs($0 - $1) })
        let excess = measured.summary.p99 - baseline.summary.p99
        let mean = { (values: [Double]) in values.reduce(0, +) / Double(max(values.count, 1)) }
        return result(
            series: [measured, baseline, beyond],
            verdict: context.verdict(excess <= 0.5 && beyond.summary.p99 <= 0.5,
                                     "p99 \(MarkdownReport.number(measured.summary.p99)) ms against the kernel's "
                                     + "\(MarkdownReport.number(baseline.summary.p99)) ms; tap by tap at most "
                                     + "\(MarkdownReport.number(beyond.summary.max)) ms apart"),
            findings: [
                "\(trials) rhythm matching trials at 80 BPM (RhythmMatchingSession with ALSARhythmPlayer on a client opened "
                    + "as peach opens it, queue held at \(SequencerClient.fastestTickHz) Hz). A drummer client schedules "
                    + "each trial's tap on its own queue (same tick) at a planned offset of −40…+40 ms from the fourth "
                    + "sixteenth, converted to its clock by reading both queues' clocks back to back. Peach's taps pass "
                    + "ControllerMapping and RhythmMatchingSession.tap(at:) as in `peach train`, stamped by the kernel on "
                    + "Peach's output queue.",
                "Baseline: a bare client subscribed to the drummer, its input stamped on Peach's output queue, so its "
                    + "error is the kernel's delivery plus the clock conversion and the drummer's tick, which Peach's "
                    + "includes too.",
                "Mean signed error: Peach \(MarkdownReport.number(mean(peachErrors))) ms, "
                    + "kernel delivery \(MarkdownReport.number(mean(referenceErrors))) ms.",
            ])
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
