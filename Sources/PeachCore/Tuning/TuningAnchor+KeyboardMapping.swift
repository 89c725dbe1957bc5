/// The anchor from a Scala keyboard mapping (`.kbm`, huygens-fokker.org/scala/help.htm#mappings):
/// map size, first and last note to retune, middle note (where degree 0 lies), reference note,
/// its frequency, the formal octave's degree, then the map. Peach lays a 12-note scale over
/// every key in order, so only the linear mappings are accepted: size 0, or size 12 mapping
/// key k to degree k; the retuning range is not used (every key is retuned).
extension TuningAnchor {
    public init(parsingKeyboardMapping text: String, source: String) throws(ScalaFileError) {
        var lines = ScalaLines(text, source: source)
        let sizeLine = try lines.next("the map size")
        let size = try lines.wholeNumber(sizeLine, "the map size")
        guard size == 0 || size == 12 else {
            throw lines.fail(sizeLine.number, "a map of \(size) keys; Peach maps 12 keys to the 12 degrees in order (size 0 or 12)")
        }
        for what in ["the first note to retune", "the last note to retune"] {
            let line = try lines.next(what)
            let note = try lines.wholeNumber(line, what)
            guard MIDINote.validRange.contains(note) else { throw lines.fail(line.number, "\(what) \(note) is not a MIDI note (0…127)") }
        }
        let middleLine = try lines.next("the middle note")
        let middle = try Self.note(lines.wholeNumber(middleLine, "the middle note"), middleLine.number, lines)
        let referenceLine = try lines.next("the reference note")
        let reference = try Self.note(lines.wholeNumber(referenceLine, "the reference note"), referenceLine.number, lines)
        let frequencyLine = try lines.next("the reference frequency")
        let hertzText = String(frequencyLine.text.trimmingWhitespace().prefix { $0 != " " && $0 != "\t" })
        guard let hertz = Double(hertzText), let frequency = try? Frequency(hertz: hertz) else {
            throw lines.fail(frequencyLine.number, "expected the reference frequency in Hz (like 440.0), found \"\(hertzText)\"")
        }
        let octaveLine = try lines.next("the formal octave's degree")
        let octave = try lines.wholeNumber(octaveLine, "the formal octave's degree")
        guard octave == 12 || (size == 0 && octave == 0) else {
            throw lines.fail(octaveLine.number, "formal octave at degree \(octave); Peach needs the scale's 12th degree")
        }
        for key in 0..<size {
            let line = try lines.next("map entry \(key + 1) of \(size)")
            let entry = line.text.trimmingWhitespace().prefix { $0 != " " && $0 != "\t" }
            guard Int(entry) == key else {
                throw lines.fail(line.number, "key \(key) maps to \"\(entry)\"; Peach maps every key to its own degree in order")
            }
        }
        try! self.init(degreeZero: middle.rawValue % 12, referenceNote: reference, referenceFrequency: frequency)
    }

    private static func note(_ number: Int, _ line: Int, _ lines: ScalaLines) throws(ScalaFileError) -> MIDINote {
        guard let note = try? MIDINote(number) else { throw lines.fail(line, "\(number) is not a MIDI note (0…127)") }
        return note
    }
}
