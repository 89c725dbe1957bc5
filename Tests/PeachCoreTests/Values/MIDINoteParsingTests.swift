import Testing
@testable import PeachCore

/// Note names as `peach play` and the settings take them.
@Suite("MIDI note names")
struct MIDINoteParsingTests {
    @Test("every note's own name reads back as that note")
    func namesRoundTrip() throws {
        for raw in MIDINote.validRange {
            let note = try MIDINote(raw)
            #expect(try MIDINote(parsing: note.name) == note, "\(note.name)")
            #expect(try MIDINote(parsing: note.name.lowercased()) == note, "\(note.name.lowercased())")
        }
    }

    @Test("flats name the same keys as the sharps below them", arguments: [
        ("Db4", "C#4"), ("Eb4", "D#4"), ("Gb4", "F#4"), ("Ab4", "G#4"), ("Bb4", "A#4"), ("bb-1", "A#-1"),
    ])
    func flats(flat: String, sharp: String) throws {
        #expect(try MIDINote(parsing: flat) == MIDINote(parsing: sharp))
    }

    @Test("the ends of the range: C-1 is 0, G9 is 127, numbers in between")
    func ends() throws {
        #expect(try MIDINote(parsing: "C-1").rawValue == 0)
        #expect(try MIDINote(parsing: "G9").rawValue == 127)
        #expect(try MIDINote(parsing: "0").rawValue == 0)
        #expect(try MIDINote(parsing: "127").rawValue == 127)
    }

    @Test("beyond the range: out of range, naming the note", arguments: ["G#9", "A9", "B-2", "128", "-1"])
    func outOfRange(text: String) {
        #expect {
            try MIDINote(parsing: text)
        } throws: { error in
            guard case DomainValueError.outOfRange(_, let value, _) = error else { return false }
            return value.contains(text)
        }
    }

    @Test("not a note: malformed, with what is expected",
          arguments: ["H4", "Cb4", "E#4", "B#3", "Bbb2", "A4.5", "A 4", "#4", "4A", "A", "", "sixty-nine"])
    func malformed(text: String) {
        #expect {
            try MIDINote(parsing: text)
        } throws: { error in
            guard case DomainValueError.malformed(_, _, let expected) = error else { return false }
            return expected.contains("A4")
        }
    }
}
