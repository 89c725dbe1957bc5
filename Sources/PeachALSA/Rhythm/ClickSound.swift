import PeachCore
import PeachRig

/// The unpitched percussion note rhythm training clicks with: General MIDI's drum channel (10)
/// and a short, sharp-attacked instrument, so that the onset the listener hears is the one the
/// kernel timed.
public struct ClickSound: Hashable, Sendable {
    public let channel: MIDIChannel
    /// The General MIDI percussion key (35…81), or whatever note the synth clicks with.
    public let note: MIDINote
    /// How long after its note-on the note-off follows. Percussion sounds decay on their own;
    /// the note-off keeps synths that sustain drums from piling notes up.
    public let length: Duration

    /// General MIDI's Claves (75): a dry click with a sharp attack, on every GM synth, and not
    /// the feedback cue's wood blocks (76, 77), so a cue is never heard as a click.
    public static let generalMIDIClaves = ClickSound(channel: .percussion, note: 75, checkedLength: .milliseconds(30))

    /// For a synth without drums (amsynth plays one tone on one channel): a short, high note on
    /// the notes' channel, C7, where its tone's attack is sharpest and no trained pitch lies.
    public static func pitched(on channel: MIDIChannel) -> ClickSound {
        ClickSound(channel: channel, note: 96, checkedLength: .milliseconds(30))
    }

    /// `length` from 1 ms to 1 s: a click, not a held note.
    public init(channel: MIDIChannel, note: MIDINote, length: Duration) throws(DomainValueError) {
        guard Self.lengths.contains(length) else {
            throw .outOfRange(type: "click length", value: "\(length)", allowed: "1 ms…1 s")
        }
        self.init(channel: channel, note: note, checkedLength: length)
    }

    private static let lengths = Duration.milliseconds(1)...Duration.seconds(1)

    private init(channel: MIDIChannel, note: MIDINote, checkedLength length: Duration) {
        self.channel = channel
        self.note = note
        self.length = length
    }
}
