import PeachCore
@testable import PeachTrainer
import Testing

/// The trainer's transition table, without actors: every phase against every input. A pair the
/// table below does not name must change nothing and do nothing.
@Suite("Trainer phase")
struct TrainerPhaseTests {
    typealias Phase = TrainerPhase
    typealias Input = TrainerPhase.Input
    typealias Effect = TrainerPhase.Effect

    /// The current session's mode in every transition below.
    static let mode = TrainingMode.comparison

    static let phases: [Phase] = [
        .idle, .running, .paused, .stalled(endedByFailure: false), .stalled(endedByFailure: true),
        .switching(to: .intervalComparison), .finishing,
    ]

    static let inputs: [Input] = [
        .begin, .beginFailed(reason: "no synth"),
        .command(.startStop), .command(.nextMode), .command(.quit),
        .finish, .switchReady, .suspend,
        .sessionStopped(.requested, current: true), .sessionStopped(.requested, current: false),
        .sessionStopped(.unanswered(problem: "nobody"), current: true),
        .sessionStopped(.unanswered(problem: "nobody"), current: false),
        .sessionStopped(.failed(problem: "gone", fatal: false), current: true),
        .sessionStopped(.failed(problem: "gone", fatal: false), current: false),
        .sessionStopped(.failed(problem: "disk full", fatal: true), current: true),
        .sessionStopped(.failed(problem: "disk full", fatal: true), current: false),
        .trialLimitReached, .portLost(notice: "synth went away"),
        .portsReturned(restart: true), .portsReturned(restart: false), .runEnded,
    ]

    struct Row {
        let phase: Phase
        let input: Input
        let next: Phase
        let effects: [Effect]
    }

    /// Every pair that does something; any other pair is ignored.
    static let table: [Row] = {
        var rows: [Row] = []
        func row(_ phase: Phase, _ input: Input, _ next: Phase, _ effects: [Effect] = []) {
            rows.append(Row(phase: phase, input: input, next: next, effects: effects))
        }
        let stalled: [Phase] = [.stalled(endedByFailure: false), .stalled(endedByFailure: true)]
        let stopped: [Phase] = [.paused] + stalled  // a session, not running
        let switching = Phase.switching(to: .intervalComparison)

        row(.idle, .begin, .running, [.begin(.comparison, switched: false)])
        for phase in phases where phase != .idle && phase != .finishing {
            row(phase, .beginFailed(reason: "no synth"), .finishing, [.fail(reason: "no synth"), .endRun])
        }

        row(.running, .command(.startStop), .paused, [.stopSession])
        row(.paused, .command(.startStop), .running, [.notice("training goes on"), .startSession])
        for phase in stalled { row(phase, .command(.startStop), .paused) }

        row(.running, .command(.nextMode), .switching(to: .matching), [.stopSession, .postSwitchReady])
        for phase in stopped { row(phase, .command(.nextMode), .switching(to: .matching), [.postSwitchReady]) }
        // A second switch before the first is done goes one mode further, and waits for the same stop.
        row(switching, .command(.nextMode), .switching(to: .intervalMatching))
        row(switching, .switchReady, .running, [.begin(.intervalComparison, switched: true)])

        row(.running, .command(.quit), .finishing, [.stopSession, .endRun])
        for phase in stopped + [switching] { row(phase, .command(.quit), .finishing, [.endRun]) }

        row(.idle, .finish, .finishing, [.endRun])
        row(.running, .finish, .finishing, [.stopSession, .endRun])
        for phase in stopped + [switching] { row(phase, .finish, .finishing, [.endRun]) }
        row(.finishing, .finish, .finishing, [.cancelFeedbackWait, .endRun])

        row(.running, .suspend, .paused, [.stopSession])

        for phase in phases {
            // A stop the trainer asked for is reported, except at the end of the run.
            if phase != .finishing {
                for current in [true, false] { row(phase, .sessionStopped(.requested, current: current), phase, [.reportStopped(problem: nil)]) }
            }
            let unanswered = Effect.reportStopped(problem: "nobody")
            let pausesNow = phase == .running || stalled.contains(phase)
            row(phase, .sessionStopped(.unanswered(problem: "nobody"), current: true), pausesNow ? .paused : phase, [unanswered])
            row(phase, .sessionStopped(.unanswered(problem: "nobody"), current: false), phase, [unanswered])

            let lost = Effect.reportStopped(problem: "gone")
            row(phase, .sessionStopped(.failed(problem: "gone", fatal: false), current: true),
                pausesNow ? .stalled(endedByFailure: true) : phase, [lost])
            row(phase, .sessionStopped(.failed(problem: "gone", fatal: false), current: false), phase, [lost])

            let full = Effect.reportStopped(problem: "disk full")
            if phase == .finishing {
                row(phase, .sessionStopped(.failed(problem: "disk full", fatal: true), current: true), phase, [full])
            } else {
                row(phase, .sessionStopped(.failed(problem: "disk full", fatal: true), current: true), .finishing,
                    [full, .fail(reason: "training stopped: disk full"), .endRun])
            }
            row(phase, .sessionStopped(.failed(problem: "disk full", fatal: true), current: false), phase, [full])
        }

        row(.running, .trialLimitReached, .finishing, [.stopSession, .endAfterFeedback])
        for phase in stopped + [switching] { row(phase, .trialLimitReached, .finishing, [.endAfterFeedback]) }

        let gone = Effect.notice("synth went away")
        row(.running, .portLost(notice: "synth went away"), .stalled(endedByFailure: false), [gone, .stopSession, .restartWhenPortsReturn])
        // It ended of this same loss: it restarts when the ports are back.
        row(.stalled(endedByFailure: true), .portLost(notice: "synth went away"), .stalled(endedByFailure: true), [gone, .restartWhenPortsReturn])
        for phase in phases where phase != .running && phase != .stalled(endedByFailure: true) {
            row(phase, .portLost(notice: "synth went away"), phase, [gone])
        }

        let backOn = Effect.notice("all ports are back; training goes on")
        for phase in phases {
            let restarts = stalled.contains(phase)
            row(phase, .portsReturned(restart: true), restarts ? .running : phase, restarts ? [backOn, .startSession] : [backOn])
            row(phase, .portsReturned(restart: false), phase, [.notice("all ports are back")])
            let stop: [Effect] = phase == .running ? [.stopSession] : []
            row(phase, .runEnded, .finishing, [.cancelFeedbackWait, .closeRoute] + stop + [.silenceCue, .reportFinished])
        }
        return rows
    }()

    @Test("the table names only pairs of the grid, each once")
    func tableIsWellFormed() {
        for row in Self.table {
            #expect(Self.phases.contains(row.phase) && Self.inputs.contains(row.input), "\(row.phase) × \(row.input)")
            #expect(Self.table.filter { $0.phase == row.phase && $0.input == row.input }.count == 1, "\(row.phase) × \(row.input)")
        }
    }

    @Test("every phase × every input: the table's phase and effects; a pair it does not name changes nothing")
    func everyPair() {
        for phase in Self.phases {
            for input in Self.inputs {
                let step = Phase.transition(from: phase, on: input, mode: Self.mode)
                let expected = Self.table.first { $0.phase == phase && $0.input == input }
                #expect(step.phase == (expected?.next ?? phase), "\(phase) × \(input)")
                #expect(step.effects == (expected?.effects ?? []), "\(phase) × \(input)")
            }
        }
    }

    @Test("the grid holds every kind of phase, input, command and stop")
    func gridCoversEveryCase() {
        #expect(Set(Self.phases.map(Self.kind)) == Set(PhaseKind.allCases))
        #expect(Set(Self.inputs.map(Self.kind)) == Set(InputKind.allCases))
        #expect(Set(Self.inputs.compactMap { if case .command(let command) = $0 { command } else { nil } })
                == Set(TrainingCommand.allCases))
    }

    @Test("a run walked through: start, pause, go on, a lost port and its return, a double switch, the limit")
    func walk() {
        var phase = Phase.idle
        var mode = Self.mode
        var effects: [Effect] = []
        func step(_ input: Input) {
            let step = Phase.transition(from: phase, on: input, mode: mode)
            phase = step.phase
            effects += step.effects
            for case .begin(let next, _) in step.effects { mode = next }
        }
        step(.begin)
        step(.command(.startStop))
        step(.command(.startStop))
        #expect(phase == .running)
        step(.portLost(notice: "gone"))
        #expect(phase == .stalled(endedByFailure: false))
        step(.portsReturned(restart: true))
        #expect(phase == .running)
        step(.command(.nextMode))
        step(.command(.nextMode))
        step(.sessionStopped(.requested, current: true))
        step(.switchReady)
        #expect(mode == .intervalComparison)
        step(.trialLimitReached)
        step(.runEnded)
        #expect(phase == .finishing)
        #expect(effects.filter { $0 == .startSession || $0 == .stopSession }
                == [.stopSession, .startSession, .stopSession, .startSession, .stopSession, .stopSession])
        #expect(effects.filter { if case .begin = $0 { true } else { false } }
                == [.begin(.comparison, switched: false), .begin(.intervalComparison, switched: true)])
    }

    enum PhaseKind: CaseIterable { case idle, running, paused, stalled, switching, finishing }
    enum InputKind: CaseIterable {
        case begin, beginFailed, command, finish, switchReady, suspend, requested, unanswered, failed, trialLimitReached,
             portLost, portsReturned, runEnded
    }

    /// Exhaustive switches: a new case does not compile until the grid is told of it.
    static func kind(_ phase: Phase) -> PhaseKind {
        switch phase {
        case .idle: .idle
        case .running: .running
        case .paused: .paused
        case .stalled: .stalled
        case .switching: .switching
        case .finishing: .finishing
        }
    }

    static func kind(_ input: Input) -> InputKind {
        switch input {
        case .begin: .begin
        case .beginFailed: .beginFailed
        case .command: .command
        case .finish: .finish
        case .switchReady: .switchReady
        case .suspend: .suspend
        case .sessionStopped(.requested, _): .requested
        case .sessionStopped(.unanswered, _): .unanswered
        case .sessionStopped(.failed, _): .failed
        case .trialLimitReached: .trialLimitReached
        case .portLost: .portLost
        case .portsReturned: .portsReturned
        case .runEnded: .runEnded
        }
    }
}
