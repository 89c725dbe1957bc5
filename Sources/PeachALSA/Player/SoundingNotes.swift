import ALSASequencer
import PeachCore
import PeachRig

/// A note the player has sounding: where, and its kernel-scheduled note-off if it is timed.
struct SoundingNote: Sendable {
    let channel: MIDIChannel
    let note: MIDINote
    var scheduledOff: (tag: UInt8, time: SequencerTime)?
}

/// The notes a player has sounding, by note ID: at most one per channel of its pool, mostly
/// one or two. A lookup is a short scan of one small array rather than a hash: it runs before
/// every bend and every note-off (the reactions a musician times), where a dictionary's
/// hashing cost more instructions and more pages of code (BENCHMARKS.md, session 18).
struct SoundingNotes: Sendable {
    private struct Entry: Sendable {
        let id: ChannelAllocator.NoteID
        var note: SoundingNote
    }

    private var entries: [Entry] = []

    /// The note with `id`; setting nil removes it.
    subscript(id: ChannelAllocator.NoteID) -> SoundingNote? {
        get { index(of: id).map { entries[$0].note } }
        set {
            if let index = index(of: id) {
                if let newValue { entries[index].note = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append(Entry(id: id, note: newValue))
            }
        }
    }

    mutating func removeValue(forKey id: ChannelAllocator.NoteID) -> SoundingNote? {
        guard let index = index(of: id) else { return nil }
        return entries.remove(at: index).note
    }

    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
    }

    private func index(of id: ChannelAllocator.NoteID) -> Int? {
        entries.firstIndex { $0.id == id }
    }
}
