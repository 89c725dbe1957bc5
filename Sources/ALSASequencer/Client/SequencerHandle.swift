import Synchronization

/// The snd_seq_t handle behind a mutex: libasound handles are not thread-safe, so every use,
/// from any thread, goes through `withOpen`. `take` empties it for closing.
final class SequencerHandle: Sendable {
    /// Unchecked: the pointer is only ever dereferenced by libasound while the mutex is held.
    private struct Pointer: @unchecked Sendable { let raw: OpaquePointer }

    private let pointer: Mutex<Pointer?>

    init(_ raw: OpaquePointer) { pointer = Mutex(Pointer(raw: raw)) }

    /// Runs `body` with the open handle, holding the lock; throws `.closed` after `take`.
    @discardableResult
    func withOpen<T>(_ body: (OpaquePointer) throws(SequencerError) -> T) throws(SequencerError) -> T {
        let result: Result<T, SequencerError> = pointer.withLock { pointer in
            guard let raw = pointer?.raw else { return .failure(.closed) }
            do throws(SequencerError) { return .success(try body(raw)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Empties the handle; the caller closes what it gets (nil when already taken).
    func take() -> OpaquePointer? {
        pointer.withLock { pointer in
            defer { pointer = nil }
            return pointer?.raw
        }
    }
}
