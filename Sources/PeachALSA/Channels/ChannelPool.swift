import PeachCore
import PeachRig

/// The MIDI channels the player may put notes on, in the order they are first used.
/// One channel (the default) or several, MPE-style, so overlapping notes get their own bends.
public struct ChannelPool: Hashable, Sendable, CustomStringConvertible {
    public let channels: [MIDIChannel]

    /// - Throws: when `channels` is empty or names a channel twice.
    public init(_ channels: [MIDIChannel]) throws(DomainValueError) {
        let listed = channels.map(\.description).joined(separator: ",")
        guard !channels.isEmpty else {
            throw .malformed(type: "channel pool", value: listed, expected: "at least one channel 1…16")
        }
        guard Set(channels).count == channels.count else {
            throw .malformed(type: "channel pool", value: listed, expected: "each channel 1…16 at most once")
        }
        self.channels = channels
    }

    public static func single(_ channel: MIDIChannel) -> ChannelPool {
        ChannelPool(unchecked: [channel])
    }

    private init(unchecked channels: [MIDIChannel]) { self.channels = channels }

    public var description: String { channels.map(\.description).joined(separator: ",") }
}
