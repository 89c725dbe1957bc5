import PeachCore
@testable import PeachTrainer
import Testing

/// The route's rules, from the published phase alone: while a command waits, answers and tuning
/// movements are dropped; a tap in paused rhythm matching goes on; commands always go through.
@Suite("Input routing")
struct InputRoutingTests {
    static let inputs: [TrainingInput] = [
        .answer(higher: true), .touch, .adjust(0.25), .commit, .timing(early: true), .tap(nanoseconds: 5),
        .command(.startStop), .command(.nextMode), .command(.quit),
    ]

    /// Every phase × a command waiting or not × a session or not × a movement in the same breath or not.
    static func everyCondition(_ check: (TrainerPhase, Bool, Bool, Bool) -> Void) {
        for phase in TrainerPhaseTests.phases {
            for waiting in [false, true] {
                for hasSession in [false, true] {
                    for moves in [false, true] { check(phase, waiting, hasSession, moves) }
                }
            }
        }
    }

    @Test("commands always go to the trainer's stream, whatever the phase")
    func commandsAlwaysPost() {
        Self.everyCondition { phase, waiting, hasSession, moves in
            for command in TrainingCommand.allCases {
                #expect(InputRouting.of(.command(command), phase: phase, commandWaiting: waiting, hasSession: hasSession,
                                        moves: moves) == .post(command))
            }
        }
    }

    @Test("answers and movements reach the session exactly when it is there and no command waits (a tap while paused aside)")
    func deliveredWhenNothingWaits() {
        Self.everyCondition { phase, waiting, hasSession, moves in
            for input in Self.inputs {
                if case .command = input { continue }
                if case .tap = input, phase == .paused, !waiting, hasSession { continue }
                if input == .touch, moves { continue }
                let routing = InputRouting.of(input, phase: phase, commandWaiting: waiting, hasSession: hasSession, moves: moves)
                #expect(routing == (!waiting && hasSession ? .deliver : .drop), "\(input) in \(phase), waiting \(waiting), session \(hasSession)")
            }
        }
    }

    @Test("a touch with its position in the same breath is one movement: the touch is dropped, the move starts the note")
    func touchWithMoveIsDropped() {
        #expect(InputRouting.of(.touch, phase: .running, commandWaiting: false, hasSession: true, moves: true) == .drop)
        #expect(InputRouting.of(.touch, phase: .running, commandWaiting: false, hasSession: true, moves: false) == .deliver)
    }

    @Test("a tap goes on only from a pause, not from a stall, a switch or a run")
    func tapGoesOnFromPauseOnly() {
        let goesOn = TrainerPhaseTests.phases.filter {
            InputRouting.of(.tap(nanoseconds: 5), phase: $0, commandWaiting: false, hasSession: true, moves: false) == .post(.startStop)
        }
        #expect(goesOn == [.paused])
    }

    @Test("while a command waits nothing reaches the session, in any phase")
    func commandWaitingDropsEverything() {
        for phase in TrainerPhaseTests.phases {
            for input in Self.inputs {
                if case .command = input { continue }
                #expect(InputRouting.of(input, phase: phase, commandWaiting: true, hasSession: true, moves: false) == .drop)
            }
        }
    }
}
