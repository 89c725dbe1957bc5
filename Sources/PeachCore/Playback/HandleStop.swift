/// Stops the handle held in `slot` and leaves nil there. The handle is moved out and consumed,
/// never copied: a copy of an existential (`take()` made one, `slot?.stop()` another) cost the
/// note-off that an answer or a commit sends its value witnesses, a retain and a release.
/// Success when the slot was empty.
func stopHandle<Handle>(in slot: inout Handle?, _ stop: (Handle) throws -> Void) -> Result<Void, any Error> {
    var handle: Handle?
    swap(&handle, &slot)
    switch consume handle {
    case .some(let moved): return Result { try stop(moved) }
    case .none: return .success(())
    }
}
