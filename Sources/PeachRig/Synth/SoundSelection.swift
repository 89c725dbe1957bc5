import PeachCore

/// The synth sound: a General MIDI program 0…127 (shown to users as 1…128 by many synths)
/// and a 14-bit bank 0…16383 sent as Bank Select MSB/LSB.
public struct SoundSelection: Hashable, Sendable, CustomStringConvertible {
    public static let programRange = 0...127
    public static let bankRange = 0...16383

    public let program: Int
    public let bank: Int

    public init(program: Int, bank: Int = 0) throws(DomainValueError) {
        guard Self.programRange.contains(program) else {
            throw .outOfRange(type: "MIDI program", value: String(program), allowed: "0…127")
        }
        guard Self.bankRange.contains(bank) else {
            throw .outOfRange(type: "MIDI bank", value: String(bank), allowed: "0…16383")
        }
        self.program = program
        self.bank = bank
    }

    init(uncheckedProgram program: Int, bank: Int) {
        self.program = program
        self.bank = bank
    }

    public var bankMSB: UInt8 { UInt8(bank >> 7) }
    public var bankLSB: UInt8 { UInt8(bank & 0x7F) }

    public var description: String { "program \(program), bank \(bank)" }
}
