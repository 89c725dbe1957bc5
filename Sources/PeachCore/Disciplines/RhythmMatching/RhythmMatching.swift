import Foundation

/// Rhythm matching: three sixteenths play, the user taps the fourth.
///
/// The three clicks go to the player as one schedule; a tap arrives with the instant it
/// happened on the player's clock (the kernel's stamp), so its offset does not depend on when
/// a thread got round to reading it. A tap counts once per trial when it lies nearer the fourth
/// sixteenth than the grid's neighbours (within half a sixteenth either way); a trial whose
/// window closes without one is discarded and the next begins. After `unansweredLimit` such
/// trials in a row without any tap at all (not even one outside the window; the run's first
/// trial has a grace and never counts) the session stops
/// with `.unanswered`: a musician who walked away should not come back to clicks that never
/// ended, and one who taps but misses the window is still playing.
///
/// With a `tapLatency` (the rig's calibration, `peach calibrate`), every tap's stamp is moved
/// back by it before anything else: the window, the offset and the record all see the instant
/// the user meant, so a tap late by exactly the rig's delay is on time.
public struct RhythmMatching: SessionDiscipline {
    public typealias State = RhythmMatchingState
    public typealias Trial = RhythmMatchingTrial
    public typealias Event = RhythmMatchingEvent
    public typealias Record = RhythmMatchingRecord
    /// The counted tap's offset and control; nil when the window closed without one.
    public typealias Outcome = (offset: RhythmOffset, source: AnswerSource?)?

    /// How long after the window's end the session still waits for a tap stamped inside it:
    /// the stamp is taken on arrival, reading it is up to a thread the system may delay.
    public static let deliveryAllowance: Duration = .milliseconds(30)
    /// Trials in a row without a tap after which the session stops (three: about six seconds at
    /// 80 BPM, long enough for a sip of water, short enough that nobody is clicked at for long).
    public static let unansweredLimit = 3
    /// A tap this near the beat (percent of a sixteenth) is "near": about 6 ms at 120 BPM, the
    /// offset listeners begin to hear (Friberg & Sundberg 1995).
    public static let nearPercent = 5.0

    public enum Input: Sendable {
        case tapped(RhythmOffset, source: AnswerSource?)
        case windowClosed
        case failed(any Error)
    }

    public struct Live: TrialLive {
        var tapped = false
        var closed = false
        /// A tap came since the last trial was judged, counted or not: someone is playing.
        var touched = false

        public init() {}
    }

    public struct Run: Sendable {
        /// Trials in a row that closed without any tap.
        var unanswered = 0
        /// Whether the run's first trial was judged: it has a grace, as its clicks start while the
        /// player may still be reading the screen after a start or a mode switch.
        var firstJudged = false
    }

    /// A new trial's window is open; whether someone is playing carries over.
    public static func prepare(_ live: inout Live, for trial: Trial) {
        live.tapped = false
        live.closed = false
    }

    let player: any RhythmPlayer
    /// Subtracted from every tap's stamp; nil judges taps as stamped.
    let tapLatency: TapLatency?
    let observers: [any RhythmMatchingObserver]
    let now: @Sendable () -> Date

    /// - Parameter now: the records' timestamps.
    public init(player: any RhythmPlayer, tapLatency: TapLatency? = nil, observers: [any RhythmMatchingObserver] = [],
                now: @escaping @Sendable () -> Date = Date.init) {
        (self.player, self.tapLatency, self.observers, self.now) = (player, tapLatency, observers, now)
    }

    public func newRun() -> Run { Run() }

    public func draw(number: Int, settings: TrainingSettings, run: inout Run, random: inout SessionRandom) throws -> Trial {
        let tempo = settings.rhythmTempo
        let schedule = try player.schedule(try .sixteenths(3, at: tempo, velocity: settings.rhythmClickVelocity))
        let expected = schedule.last.advanced(by: tempo.sixteenth)
        let half = tempo.sixteenth / 2
        let window = expected.advanced(by: .zero - half)...expected.advanced(by: half)
        // A tap meant for the window's end is stamped a latency later (never earlier: a negative
        // latency only brings stamps forward), and read after the delivery allowance.
        let closing = window.upperBound.advanced(by: max(.zero, tapLatency?.duration ?? .zero) + Self.deliveryAllowance)
        return RhythmMatchingTrial(number: number, tempo: tempo, schedule: schedule, expected: expected,
                                   window: window, closing: closing)
    }

    /// The clicks are already scheduled; waits for them, then for a tap until the window closes.
    public func present(_ trial: Trial, settings: TrainingSettings, live: LiveShell<Self>, clock: any Clock<Duration>,
                        inputs: inout TrialInputs<Input>.Iterator, isolation: isolated (any Actor)) async throws -> Outcome {
        live.transition(to: .playingClicks)
        try await player.sleep(until: trial.schedule.last)
        live.transition(to: .awaitingTap)

        let player = self.player
        let waiter = Task {
            do {
                try await player.sleep(until: trial.closing)
                Self.closeWindow(of: trial.number, live)
            } catch is CancellationError {
            } catch {
                live.yield(.failed(error), toTrial: trial.number)
            }
        }
        defer { waiter.cancel() }
        switch try await inputs.next(of: trial.number, isolation: isolation) {
        case .tapped(let offset, let source): return (offset, source)
        case .windowClosed: return nil
        case .failed(let error): throw error
        }
    }

    /// Closes the window unless a tap came first, both under the lock: a tap either counts or
    /// finds the window closed, never both.
    private static func closeWindow(of number: Int, _ live: LiveShell<Self>) {
        live.withLock { live in
            guard live.trialNumber == number, !live.own.tapped else { return }
            live.own.closed = true
            live.yield(.windowClosed)
        }
    }

    public func judge(_ outcome: Outcome, of trial: Trial, run: inout Run, live: LiveShell<Self>) throws -> TrialJudgement<Record> {
        let touched = live.withLock { live in
            defer { live.own.touched = false }
            return live.own.touched
        }
        // The first trial of a run never counts towards the pause: a player who just switched
        // here hears its clicks before the prompt is read.
        let graced = !run.firstJudged
        run.firstJudged = true
        run.unanswered = touched ? 0 : (graced ? run.unanswered : run.unanswered + 1)
        guard let (offset, source) = outcome else {
            live.publish(.tapMissed(trial))
            if run.unanswered >= Self.unansweredLimit { throw UnansweredTrials(trials: run.unanswered) }
            return .discarded
        }
        return .recorded(RhythmMatchingRecord(timestamp: now(), tempo: trial.tempo, userOffset: offset),
                         answeredBy: source)
    }

    public func deliver(_ record: Record, answeredBy source: AnswerSource?) async throws {
        for observer in observers { try await observer.rhythmMatchingCompleted(record, answeredBy: source) }
    }

    public func completed(_ record: Record, run: inout Run) -> Event {
        .trialCompleted(record)
    }

    public func silence() {
        try? player.stopAll()
    }
}

extension RhythmMatchingTrial: NumberedTrial {}
extension RhythmMatchingState: SessionState {}
extension RhythmMatchingEvent: SessionEvents {}
