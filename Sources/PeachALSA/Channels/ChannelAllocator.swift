import PeachCore
import PeachRig

/// Gives every sounding note a channel of its own, so a bend never moves two notes.
///
/// A new note gets the free channel that has been free the longest (never-used channels first,
/// in pool order): with a pool the notes rotate like MPE, and a released note's tail has the
/// most time to fade before its channel is bent again. When every channel is busy the OLDEST
/// sounding note is stolen: the caller must silence it before it uses the channel.
/// Pure bookkeeping; note identities are the player's.
public struct ChannelAllocator: Sendable {
    public typealias NoteID = Int

    public struct Allocation: Hashable, Sendable {
        public let channel: MIDIChannel
        /// The note that had the channel and must be silenced first.
        public let stolen: NoteID?

        public init(channel: MIDIChannel, stolen: NoteID?) {
            self.channel = channel
            self.stolen = stolen
        }
    }

    private struct Owner: Sendable {
        let note: NoteID
        let startedAt: UInt64
    }

    public let pool: ChannelPool
    private var owners: [MIDIChannel: Owner] = [:]
    private var freedAt: [MIDIChannel: UInt64] = [:]
    private var tick: UInt64 = 0

    public init(pool: ChannelPool) { self.pool = pool }

    /// The channel for a new note, and the note stolen for it if the pool was exhausted.
    public mutating func allocate(for note: NoteID) -> Allocation {
        tick += 1
        let free = pool.channels.enumerated().filter { owners[$0.element] == nil }
        if let best = free.min(by: { (freedAt[$0.element] ?? 0, $0.offset) < (freedAt[$1.element] ?? 0, $1.offset) }) {
            owners[best.element] = Owner(note: note, startedAt: tick)
            return Allocation(channel: best.element, stolen: nil)
        }
        guard let oldest = owners.min(by: { $0.value.startedAt < $1.value.startedAt }) else {
            preconditionFailure("a channel pool is never empty")
        }
        owners[oldest.key] = Owner(note: note, startedAt: tick)
        return Allocation(channel: oldest.key, stolen: oldest.value.note)
    }

    /// Frees the note's channel; does nothing when the note holds none (stopped or stolen).
    public mutating func release(_ note: NoteID) {
        guard let channel = channel(of: note) else { return }
        tick += 1
        owners[channel] = nil
        freedAt[channel] = tick
    }

    /// Frees every channel (after All Notes Off).
    public mutating func releaseAll() {
        for note in owners.values.map(\.note) { release(note) }
    }

    public func channel(of note: NoteID) -> MIDIChannel? {
        owners.first { $0.value.note == note }?.key
    }

    /// The notes holding a channel, oldest first.
    public var soundingNotes: [NoteID] {
        owners.values.sorted { $0.startedAt < $1.startedAt }.map(\.note)
    }
}
