import Foundation
@testable import PeachCore

/// A discipline that lives only in the tests: "was the second note louder or softer?". It is
/// here to prove that a discipline is one folder: its rules, states, events, record and input
/// method, run by the same `TrainingSession` loop as the real ones (this file); what the trainer
/// shows of it (`+Trainer`) and how the store keeps it (`+Store`); nothing else touched but one
/// registration line (`RecordKinds`).
struct LoudnessComparison: SessionDiscipline {
    enum State: String, SessionState {
        case idle, playingFirst, playingSecond, awaitingAnswer, showingFeedback
    }

    struct Trial: NumberedTrial, Hashable {
        let number: Int
        let frequency: Frequency
        /// The second note's loudness against the first's; its sign is the answer.
        let difference: AmplitudeDB
    }

    struct Record: Hashable, Sendable {
        let timestamp: Date
        let difference: AmplitudeDB
        let isCorrect: Bool
    }

    enum Event: SessionEvents {
        case stateChanged(State)
        case trialStarted(Trial)
        case trialCompleted(Record)
        case stopped(SessionStopReason)
    }

    enum Input: Sendable {
        case answer(louder: Bool, source: AnswerSource?)
    }

    struct Live: TrialLive {
        var answered = false
        init() {}
    }

    struct Run: Sendable {
        /// A plain 1-up/1-down staircase in dB, halving on a right answer.
        var step = 6.0
    }

    typealias Outcome = (louder: Bool, source: AnswerSource?)

    let player: any NotePlayer
    let recorded: @Sendable (Record) async throws -> Void

    func newRun() -> Run { Run() }

    func draw(number: Int, settings: TrainingSettings, run: inout Run, random: inout SessionRandom) throws -> Trial {
        let sign = Bool.random(using: &random) ? 1.0 : -1.0
        return Trial(number: number, frequency: .concertA, difference: AmplitudeDB(clamping: sign * run.step))
    }

    func present(_ trial: Trial, settings: TrainingSettings, live: LiveShell<Self>, clock: any Clock<Duration>,
                 inputs: inout TrialInputs<Input>.Iterator, isolation: isolated (any Actor)) async throws -> Outcome {
        live.transition(to: .playingFirst)
        try await player.play(frequency: trial.frequency, duration: settings.noteDuration.duration,
                              velocity: settings.velocity, amplitude: .zero)
        live.transition(to: .playingSecond)
        try await player.play(frequency: trial.frequency, duration: settings.noteDuration.duration,
                              velocity: settings.velocity, amplitude: trial.difference)
        live.transition(to: .awaitingAnswer)
        switch try await inputs.next(of: trial.number, isolation: isolation) {
        case .answer(let louder, let source): return (louder, source)
        }
    }

    func judge(_ outcome: Outcome, of trial: Trial, run: inout Run, live: LiveShell<Self>) -> TrialJudgement<Record> {
        .recorded(Record(timestamp: Date(), difference: trial.difference,
                         isCorrect: outcome.louder == (trial.difference.decibels > 0)),
                  answeredBy: outcome.source)
    }

    func deliver(_ record: Record, answeredBy source: AnswerSource?) async throws {
        try await recorded(record)
    }

    func completed(_ record: Record, run: inout Run) -> Event {
        run.step = record.isCorrect ? max(0.5, run.step / 2) : min(10, run.step * 2)
        return .trialCompleted(record)
    }

    func silence() {
        try? player.stopAll()
    }
}

extension TrainingSession where Discipline == LoudnessComparison {
    /// The listener's answer, from any thread: counts once per trial, after the second note.
    @discardableResult
    nonisolated func answer(louder: Bool, source: AnswerSource? = nil) -> Bool {
        live.withLock { live in
            guard live.state == .awaitingAnswer, !live.own.answered else { return false }
            live.own.answered = true
            return live.yield(.answer(louder: louder, source: source))
        }
    }
}

/// Its controls speak comparison's words: "higher" is "louder", a key above the note it plays.
extension LoudnessComparison: InputTakingDiscipline {
    static func answerTarget(of trial: Trial) -> MIDINote? { 69 }

    static func receive(_ input: TrainingInput, by session: TrainingSession<Self>,
                        from source: @autoclosure () -> AnswerSource?, judged: ((Bool) -> Void)?) {
        guard case .answer(let higher) = input else { return }
        session.answer(louder: higher, source: source())
    }
}
