import PeachCore
import PeachRig

/// A relative encoder's accumulated position in cents, clamped to the control span, so that
/// turning past an end and back starts moving again at once.
struct RelativeEncoderPosition: Sendable {
    let controller: UInt8
    let form: TuningControl.EncoderForm
    let stepCents: Double
    let spanCents: Double
    private(set) var cents = 0.0

    init(controller: Int, form: TuningControl.EncoderForm, stepCents: Double, spanCents: Double) {
        self.controller = UInt8(controller)
        self.form = form
        self.stepCents = stepCents
        self.spanCents = spanCents
    }

    /// Ticks the value stands for: two's complement 1…63 up, 127…64 down 1…64;
    /// binary offset 65…127 up 1…63, 63…0 down 1…64 (64 is rest).
    static func ticks(_ value: UInt8, form: TuningControl.EncoderForm) -> Int {
        switch form {
        case .twosComplement: value < 64 ? Int(value) : Int(value) - 128
        case .binaryOffset: Int(value) - 64
        }
    }

    /// Applies one message; returns the number of ticks it carried (0: no movement).
    mutating func receive(_ value: UInt8) -> Int {
        let ticks = Self.ticks(value, form: form)
        cents = min(max(cents + Double(ticks) * stepCents, -spanCents), spanCents)
        return ticks
    }

    mutating func recentre() { cents = 0 }
}
