import Dispatch
import PeachCore
import PeachStore

/// The store `peach train` records into, with the profile and the live thresholds read from it.
struct OpenedStore: Sendable {
    let store: TrainingStore
    let profile: PerceptualProfile
    let thresholds: LiveThresholds
}

/// Opens the store on a thread of its own while the start goes on with the sequencer (its client,
/// the controller's port): opening, upgrading and reading it was the longest step before the first
/// note (the start's timeline, issue 30). Training awaits it before a synth is chosen or started,
/// so a damaged store still stops Peach before anything sounds; and its error comes before any
/// error of the steps it overlapped (`precedingStoreError`), as when it was opened first.
struct StoreOpening: Sendable {
    private let task: Task<OpenedStore, any Error>

    init(_ options: StoreOptions) {
        // Dispatch, not the task pool: the opening blocks in SQLite and the file system.
        task = Task {
            try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global(qos: .userInitiated).async {
                    continuation.resume(with: Result {
                        let store = try StoreComposition.openStore(options)
                        return OpenedStore(store: store, profile: try store.loadProfile(),
                                           thresholds: try store.loadLiveThresholds())
                    })
                }
            }
        }
    }

    /// The opened store, or its error.
    func opened() async throws -> OpenedStore {
        try await task.value
    }

    /// Runs a step that overlaps the opening; should it fail, the store's own error (if any) is
    /// thrown instead of the step's.
    func precedingStoreError<T>(_ step: () async throws -> T) async throws -> T {
        do {
            return try await step()
        } catch {
            _ = try await task.value
            throw error
        }
    }
}
