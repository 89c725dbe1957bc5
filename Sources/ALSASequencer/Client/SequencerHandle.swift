import Synchronization

/// The snd_seq_t handle behind a mutex: libasound handles are not thread-safe, so every use,
/// from any thread, goes through `withOpen`. `take` empties it for closing. The output queue's
/// pacing lives behind the same lock, so scheduling and pausing the queue never interleave.
final class SequencerHandle: Sendable {
    /// Unchecked: the pointer is only ever dereferenced by libasound while the mutex is held.
    private struct Open: @unchecked Sendable {
        let raw: OpaquePointer
        var pacing = OutputQueuePacing()
    }

    private let state: Mutex<Open?>

    init(_ raw: OpaquePointer) { state = Mutex(Open(raw: raw)) }

    /// Runs `body` with the open handle, holding the lock; throws `.closed` after `take`.
    @discardableResult
    func withOpen<T>(_ body: (OpaquePointer) throws(SequencerError) -> T) throws(SequencerError) -> T {
        try withOpen { raw, _ throws(SequencerError) in try body(raw) }
    }

    /// Runs `body` with the open handle and the output queue's pacing, holding the lock.
    @discardableResult
    func withOpen<T>(_ body: (OpaquePointer, inout OutputQueuePacing) throws(SequencerError) -> T) throws(SequencerError) -> T {
        let result: Result<T, SequencerError> = state.withLock { state in
            guard var open = state else { return .failure(.closed) }
            defer { state = open }
            do throws(SequencerError) {
                return .success(try body(open.raw, &open.pacing))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Empties the handle; the caller closes what it gets (nil when already taken).
    func take() -> OpaquePointer? {
        state.withLock { state in
            defer { state = nil }
            return state?.raw
        }
    }
}
