import Foundation
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore

/// The store wired to real sessions, as the front end wires it: the store and the profile as
/// observers, the profile loaded from the store. Only the synth and the settings are fakes.
@Suite("Sessions recording into the store", .timeLimit(.minutes(Patience.minutes(1))))
struct SessionRecordingTests {
    private func makeSession(_ store: TrainingStore, profile: PerceptualProfile) throws -> PitchComparisonSession {
        PitchComparisonSession(
            try PitchComparison(intervals: [.prime], player: InstantNotePlayer(), profile: profile,
                                observers: [store.recorder(), profile], now: RecordTimestamp.now),
            settings: TrainingSettings.defaults, resettables: [store.recorder(), profile])
    }

    /// Answers "higher" to every trial until `stopAfter` trials completed or the session stopped.
    private func train(_ session: PitchComparisonSession, stopAfter: Int) async -> (trials: [PitchComparisonTrial],
                                                                                   records: [PitchComparisonRecord],
                                                                                   stop: SessionStopReason?) {
        let events = session.events()
        await session.start()
        var trials: [PitchComparisonTrial] = []
        var records: [PitchComparisonRecord] = []
        for await event in events {
            switch event {
            case .trialStarted(let trial): trials.append(trial)
            case .stateChanged(.awaitingAnswer): session.answer(higher: true)
            case .trialCompleted(let record, _):
                records.append(record)
                if records.count == stopAfter { await session.stop() }
            case .stopped(let reason):
                if case .failed = reason { return (trials, records, reason) }
                return (trials, records, nil)
            default: break
            }
        }
        return (trials, records, nil)
    }

    @Test("every answered trial is in the store when the session reports it, and a new run starts from the stored mean")
    func recordsAndContinues() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let store = try TrainingStore(location: directory.location)
        try await store.save(RecordFixtures.comparison(at: RecordFixtures.march1, offset: 30, correct: true))
        try await store.save(RecordFixtures.comparison(at: RecordFixtures.march1 + 1, offset: -10, correct: true))

        let session = try makeSession(store, profile: try store.loadProfile())
        let run = await train(session, stopAfter: 3)
        #expect(run.stop == nil)
        // First trial from the stored profile's mean: (30 + 10) / 2.
        #expect(run.trials.first?.centOffset.magnitude == Cents(20))
        #expect(run.records.count == 3)
        let stored = try TrainingStore(location: directory.location).comparisons().map(\.record)
        #expect(Array(stored.dropFirst(2)) == run.records)
    }

    @Test("a store that cannot write stops the session with its message; nothing goes unsaved")
    func failingWriteStopsSession() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        _ = try TrainingStore(location: directory.location)
        let readOnly = try TrainingStore(location: directory.location, mode: .readOnly)
        let session = try makeSession(readOnly, profile: PerceptualProfile())
        let run = await train(session, stopAfter: 5)
        #expect(run.records.isEmpty, "the session must not report a trial it could not save")
        let message = run.stop.map { "\($0)" } ?? "(did not fail)"
        #expect(message.contains("could not save the pitch comparison trial to \(directory.databasePath)"), "\(message)")
        #expect(session.state == .idle)
        #expect(try readOnly.counts() == (0, 0))
    }
}

/// Plays nothing and returns at once: the sessions' timing is not under test here.
private struct InstantNotePlayer: NotePlayer {
    private struct Handle: TimedPlaybackHandle {
        func stop() throws {}
        func adjust(to frequency: Frequency) throws {}
        func ended() async throws {}
    }

    func startNote(frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB) throws -> any PlaybackHandle {
        Handle()
    }

    func startNote(frequency: Frequency, duration: Duration, velocity: MIDIVelocity,
                   amplitude: AmplitudeDB) throws -> any TimedPlaybackHandle {
        Handle()
    }

    func stopAll() throws {}
}
