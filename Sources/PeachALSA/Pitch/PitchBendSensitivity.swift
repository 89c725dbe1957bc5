import ALSASequencer
import PeachCore
import PeachRig

/// RPN 0, pitch-bend sensitivity: tells the synth what a full bend means, so that the
/// player's bend values sound as computed.
public enum PitchBendSensitivity {
    /// CC 101/100 = 0/0 select RPN 0, CC 6 = semitones and CC 38 = 0 cents set it, and
    /// CC 101/100 = 127/127 (the null RPN) deselect it so a stray data entry cannot change it.
    public static func messages(for range: PitchBendRange, on channel: MIDIChannel) -> [MIDIMessage] {
        let wire = channel.wireValue
        let pairs: [(UInt8, UInt8)] = [(101, 0), (100, 0), (6, UInt8(range.semitones)), (38, 0), (101, 127), (100, 127)]
        return pairs.map { .controlChange(channel: wire, controller: $0.0, value: $0.1) }
    }
}
