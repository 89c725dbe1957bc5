import PeachCore

/// The audible answer to an answer, for rigs without a screen: after each comparison a
/// "correct" or "wrong" sound, after each match a "near" or "far" one. General MIDI
/// percussion by default (channel 10: high and low wood block), so it never sounds like a pitch
/// to compare.
public struct FeedbackCueSettings: Hashable, Sendable, CustomStringConvertible {
    /// nil: no cue.
    public let channel: MIDIChannel?
    /// Correct, or near.
    public let positiveNote: MIDINote
    /// Wrong, or far.
    public let negativeNote: MIDINote
    /// A match at most this far from the target (either way) is near.
    public let nearCents: Cents

    public static let allowedNearCents = 0.1...100.0

    public init(channel: MIDIChannel?, positiveNote: MIDINote, negativeNote: MIDINote, nearCents: Cents)
        throws(DomainValueError)
    {
        guard Self.allowedNearCents.contains(nearCents.rawValue) else {
            throw .outOfRange(type: "near threshold", value: "\(nearCents.rawValue)",
                              allowed: "\(Self.allowedNearCents.lowerBound)…\(Self.allowedNearCents.upperBound) cents")
        }
        self.init(uncheckedChannel: channel, positiveNote: positiveNote, negativeNote: negativeNote,
                  nearCents: nearCents)
    }

    init(uncheckedChannel channel: MIDIChannel?, positiveNote: MIDINote, negativeNote: MIDINote, nearCents: Cents) {
        self.channel = channel
        self.positiveNote = positiveNote
        self.negativeNote = negativeNote
        self.nearCents = nearCents
    }

    public static let `default` = FeedbackCueSettings(
        uncheckedChannel: MIDIChannel(unchecked: 10), positiveNote: 76, negativeNote: 77, nearCents: 10)

    /// The note for a comparison answer.
    public func note(correct: Bool) -> MIDINote { correct ? positiveNote : negativeNote }

    /// The note for a match with this error.
    public func note(matchError: Cents) -> MIDINote {
        matchError.magnitude <= nearCents ? positiveNote : negativeNote
    }

    /// `off` or a channel 1…16.
    public static func channel(parsing text: String) throws(DomainValueError) -> MIDIChannel? {
        let trimmed = text.trimmingWhitespace()
        if trimmed.lowercased() == "off" { return nil }
        guard let number = Int(trimmed) else {
            throw .malformed(type: "feedback channel", value: text, expected: "off or a MIDI channel 1…16")
        }
        return try MIDIChannel(number)
    }

    public static func channelText(_ channel: MIDIChannel?) -> String {
        channel.map { String($0.number) } ?? "off"
    }

    public var description: String {
        guard let channel else { return "no feedback cue" }
        return "cue on channel \(channel.number): \(positiveNote.name) correct/near (≤ \(nearCents.rawValue) c), "
            + "\(negativeNote.name) wrong/far"
    }
}
