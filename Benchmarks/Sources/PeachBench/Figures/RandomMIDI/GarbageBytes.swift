/// Random bytes for a MIDI cable, seeded: every status and data byte, running status, cut-off
/// and interleaved messages, stray SysEx ends, as a broken cable or a crashed device sends. One
/// thing is left out so that the garbage can never be a valid answer, whatever the parser makes
/// of it: the data bytes 80 and 81 (0x50, 0x51), the answer buttons' controller numbers, become
/// 82. No control change the garbage contains can then be CC 80 or 81, on any channel.
struct GarbageBytes {
    static let answerControllers: Set<UInt8> = [80, 81]
    private var random: SeededRandom

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    mutating func next(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count < count {
            var word = random.next()
            for _ in 0..<8 where bytes.count < count {
                let byte = UInt8(truncatingIfNeeded: word)
                word >>= 8
                bytes.append(Self.answerControllers.contains(byte) ? 82 : byte)
            }
        }
        return bytes
    }

    /// A press and release of the button for CC `controller` on channel 1, each with its status
    /// byte: a status byte ends whatever message or SysEx the garbage had begun, so these two
    /// decode exactly.
    static func press(controller: UInt8) -> [UInt8] { [0xB0, controller, 127, 0xB0, controller, 0] }
}
