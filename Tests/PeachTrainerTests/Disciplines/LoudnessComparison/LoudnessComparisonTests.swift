import Foundation
import Synchronization
import Testing
@testable import PeachCore
import PeachTestSupport

@Suite("A discipline in one folder: a toy loudness comparison runs through the shared trial loop",
       .timeLimit(.minutes(Patience.minutes(1))))
struct LoudnessComparisonTests {
    @Test("three trials: each plays two notes at the drawn loudness, takes one answer, records it and moves its staircase")
    func threeTrials() async throws {
        let clock = ManualClock()
        let player = RecordingNotePlayer(clock: clock)
        let records = Mutex<[LoudnessComparison.Record]>([])
        let session = TrainingSession(LoudnessComparison(player: player, recorded: { record in records.withLock { $0.append(record) } }),
                                      settings: MockUserSettings { _ in }, resettables: [], clock: clock,
                                      random: SessionRandom(SplitMix64(seed: 7)))
        var events = EventReader(session.events())
        await session.start()
        var differences: [Double] = []
        for _ in 1...3 {
            let trial = try #require(await events.next { if case .trialStarted(let trial) = $0 { trial } else { nil } })
            differences.append(abs(trial.difference.decibels))
            await clock.advanceWhenSleeping(by: .seconds(1))
            await clock.advanceWhenSleeping(by: .seconds(1))
            _ = await events.next { if case .stateChanged(.awaitingAnswer) = $0 { true } else { nil } }
            #expect(session.answer(louder: trial.difference.decibels > 0))
            #expect(!session.answer(louder: true), "one answer per trial")
            _ = await events.next { if case .trialCompleted = $0 { true } else { nil } }
            await clock.advanceWhenSleeping(by: LoudnessComparison.feedbackDuration)
        }
        await session.stop()

        #expect(records.withLock { $0 }.map(\.isCorrect) == [true, true, true])
        #expect(differences == [6, 3, 1.5], "the staircase halves after each right answer")
        let amplitudes = player.starts.compactMap { if case .start(_, _, _, let amplitude) = $0 { amplitude } else { nil } }
        #expect(amplitudes.count == 6 && amplitudes.enumerated().allSatisfy { $0.offset % 2 == 1 || $0.element == 0 })
        #expect(session.state == .idle)
    }
}
