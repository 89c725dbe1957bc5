import PeachCore
import PeachRig

/// Why a frequency cannot be played as a MIDI note plus pitch bend.
public enum PitchMappingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Retuning a sounding note would need more bend than the synth's range allows.
    case beyondBendRange(note: MIDINote, offsetCents: Double, range: PitchBendRange)
    /// The frequency lies below MIDI note 0 or above note 127 by more than the bend can reach.
    case outsideNoteRange(hertz: Double)

    public var description: String {
        switch self {
        case .beyondBendRange(let note, let offset, let range):
            let reach = PitchBendMapper.reach(of: range)
            return "retuning \(note.name) by \(Self.signed(offset)) c is beyond the pitch-bend range \(range) "
                + "(\(Self.signed(reach.lowerBound))…\(Self.signed(reach.upperBound)) c)"
        case .outsideNoteRange(let hertz):
            return "frequency \(hertz) Hz lies outside the MIDI notes 0…127 (C-1…G9)"
        }
    }

    private static func signed(_ cents: Double) -> String {
        let rounded = (cents * 100).rounded() / 100
        return rounded >= 0 ? "+\(rounded)" : "\(rounded)"
    }
}
