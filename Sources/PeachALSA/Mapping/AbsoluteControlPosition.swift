/// The position of an absolute CC, 7-bit or a 14-bit MSB/LSB pair, in 0…1.
///
/// Controllers differ in how they send a pair: MSB then LSB (as the MIDI spec suggests),
/// LSB then MSB, only the LSB while the MSB stays put, or never an LSB at all. Every part
/// yields the best position known at that moment, so none of these needs configuring:
/// - until an LSB has ever arrived, the MSB alone is the position at 7-bit resolution
///   (127 is the top, so a 7-bit controller still reaches both ends);
/// - an MSB resets the LSB to 0 (MIDI's rule), unless it completes a pair whose LSB came first;
/// - an LSB combines with the current MSB.
/// After a pair's second half the position is exact. The first half of an LSB-first pair
/// cannot be told from an LSB-only update, so it moves the position by the LSB's change alone,
/// less than one MSB step (1/128 of the travel, 0.3 cents of the ±20-cent span), until the
/// MSB completes the pair a moment later.
struct AbsoluteControlPosition: Sendable {
    let msbController: UInt8
    /// nil for a 7-bit control.
    let lsbController: UInt8?

    private var msb: Int?
    private var lsb = 0
    private var controllerSendsLSB = false
    private var halfPair = HalfPair.none

    private enum HalfPair: Sendable {
        case none
        case msbAwaitingLSB
        case lsbAwaitingMSB
    }

    init(controller: Int, fourteenBit: Bool) {
        msbController = UInt8(controller)
        lsbController = fourteenBit ? UInt8(controller + 32) : nil
    }

    func listens(to controller: UInt8) -> Bool {
        controller == msbController || controller == lsbController
    }

    /// The new position, or nil when the event is not this control's or the position is not
    /// known yet (an LSB before any MSB).
    mutating func receive(controller: UInt8, value: UInt8) -> Double? {
        if controller == msbController {
            msb = Int(value)
            if halfPair == .lsbAwaitingMSB {
                halfPair = .none
            } else {
                lsb = 0
                halfPair = .msbAwaitingLSB
            }
            return position
        }
        guard controller == lsbController else { return nil }
        controllerSendsLSB = true
        lsb = Int(value)
        halfPair = halfPair == .msbAwaitingLSB ? .none : .lsbAwaitingMSB
        return msb == nil ? nil : position
    }

    private var position: Double? {
        guard let msb else { return nil }
        return controllerSendsLSB ? Double(msb << 7 | lsb) / 16383 : Double(msb) / 127
    }
}
