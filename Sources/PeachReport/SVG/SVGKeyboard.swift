import PeachCore

/// A piano keyboard over whole octaves (C to B), laid out so each key has an x range.
struct SVGKeyboard {
    /// The first and last note drawn.
    let low: Int
    let high: Int
    let left: Double
    let right: Double

    /// Octaves `lowOctave`…`highOctave` as note names number them (60 = C4 is in octave 4),
    /// within MIDI's 0…127.
    init(octaves lowOctave: Int, _ highOctave: Int, left: Double, right: Double) {
        low = max(0, (lowOctave + 1) * 12)
        high = min(127, (highOctave + 2) * 12 - 1)
        self.left = left
        self.right = right
    }

    private var whites: [Int] { (low...high).filter { !Self.isBlack($0) } }
    private var whiteWidth: Double { (right - left) / Double(max(1, whites.count)) }

    /// The left edge of the white key `note`, or of the white key below a black one.
    private func whiteLeft(_ note: Int) -> Double {
        let index = whites.firstIndex(of: Self.isBlack(note) ? note - 1 : note) ?? 0
        return left + Double(index) * whiteWidth
    }

    /// The x range an octave's keys take (C's left edge to B's right edge, or the last key drawn).
    func span(ofOctave octave: Int) -> (left: Double, right: Double) {
        let first = max(low, (octave + 1) * 12)
        let last = min(high, (octave + 2) * 12 - 1)
        let lastWhite = Self.isBlack(last) ? last - 1 : last
        return (whiteLeft(first), whiteLeft(lastWhite) + whiteWidth)
    }

    func draw(_ svg: inout SVGWriter, top: Double, height: Double) {
        svg.open("white-keys")
        for note in whites {
            svg.rect(x: whiteLeft(note), y: top, width: whiteWidth, height: height, fill: "white", stroke: "#868e96")
        }
        svg.close()
        svg.open("octave-names")
        for note in whites where note % 12 == 0 {
            if let name = (try? MIDINote(note))?.name {
                svg.text(name, x: whiteLeft(note) + whiteWidth / 2, y: top + height - 6, size: 9.5, fill: SVGStyle.muted,
                         anchor: "middle")
            }
        }
        svg.close()
        svg.open("black-keys")
        for note in low...high where Self.isBlack(note) {
            let x = whiteLeft(note) + whiteWidth * 0.68
            svg.rect(x: x, y: top, width: whiteWidth * 0.64, height: height * 0.6, fill: "#343a40")
        }
        svg.close()
    }

    static func isBlack(_ note: Int) -> Bool { [1, 3, 6, 8, 10].contains(note % 12) }
}
