import PeachALSA
import PeachCore
import PeachRig
import Testing

private typealias E = ControllerEvents

@Suite("Controller mapping: relative encoders and the pitch wheel in rate mode")
struct ControllerRelativeMappingTests {
    static func settings(_ control: String) throws -> ControllerSettings {
        try ControllerSettings(tuning: TuningControl(parsing: control))
    }

    @Test("two's-complement encoder: 1 is +1 tick, 127 is −1, 64 is −64; the position clamps at ±20 cents")
    func twosComplement() throws {
        var mapping = ControllerMapping.running(.tuning, try Self.settings("encoder:20:twosComplement:1.0"))
        #expect(mapping.map(E.cc(20, 0)) == [], "no ticks, no movement")
        #expect(mapping.map(E.cc(20, 1)) == [.touch, .adjust(0.05)])
        #expect(mapping.map(E.cc(20, 127)) == [.adjust(0)])
        #expect(mapping.map(E.cc(20, 127)) == [.adjust(-0.05)])
        #expect(mapping.map(E.cc(20, 3)).adjustments.map { ($0 * 1000).rounded() } == [100])
        #expect(mapping.map(E.cc(20, 64)) == [.adjust(-1)])
        #expect(mapping.map(E.cc(20, 120)) == [], "pushing past the end changes nothing")
        #expect(mapping.map(E.cc(20, 1)) == [.adjust(-0.95)], "and back moves at once")
    }

    @Test("binary-offset encoder: 65 is +1 tick, 63 is −1, 64 is rest; the step scales the ticks")
    func binaryOffset() throws {
        var mapping = ControllerMapping.running(.tuning, try Self.settings("encoder:21:binaryOffset:2.5"))
        #expect(mapping.map(E.cc(21, 64)) == [])
        #expect(mapping.map(E.cc(21, 65)) == [.touch, .adjust(0.125)])
        #expect(mapping.map(E.cc(21, 63)) == [.adjust(0)])
        #expect(mapping.map(E.cc(21, 63)) == [.adjust(-0.125)])
        #expect(mapping.map(E.cc(21, 127)) == [.adjust(1)])
        #expect(mapping.map(E.cc(21, 0)) == [.adjust(-1)])
        #expect(mapping.map(E.cc(20, 65)) == [], "another CC")
    }

    @Test("a new trial starts the encoder from the middle and touches again")
    func encoderResetsPerTrial() throws {
        var mapping = ControllerMapping.running(.tuning, try Self.settings("encoder:20:twosComplement:4"))
        #expect(mapping.feed([E.cc(20, 2), E.cc(20, 2)]) == [.touch, .adjust(0.4), .adjust(0.8)])
        mapping.trialStarted()
        #expect(mapping.map(E.cc(20, 2)) == [.touch, .adjust(0.4)])
    }

    @Test("pitch wheel rate: deflection sets the speed, integrated over the event timestamps")
    func wheelRateOverTimestamps() throws {
        var mapping = ControllerMapping.running(.tuning, try Self.settings("pitchWheelRate:200"))
        #expect(mapping.map(E.bend(0, at: E.millis(0))) == [], "centred is no movement")
        #expect(mapping.map(E.bend(4096, at: E.millis(10))) == [.touch])
        #expect(mapping.pitchWheelCentsPerSecond == 100)
        // 100 ms at half deflection: 10 cents, half the span.
        #expect(mapping.map(E.bend(4096, at: E.millis(110))) == [.adjust(0.5)])
        // Released: 50 ms more at the old speed, then it stays.
        #expect(mapping.map(E.bend(0, at: E.millis(160))) == [.adjust(0.75)])
        #expect(mapping.pitchWheelCentsPerSecond == 0)
        #expect(mapping.advance(to: E.millis(1000)) == [])
        #expect(mapping.map(E.bend(30, at: E.millis(1100))) == [], "inside the dead zone")
        // Held fully down: no events arrive, the front end's timer advances it.
        #expect(mapping.map(E.bend(-8192, at: E.millis(1200))) == [])
        #expect(mapping.pitchWheelCentsPerSecond == -200)
        #expect(mapping.advance(to: E.millis(1250)) == [.adjust(0.25)])
        #expect(mapping.advance(to: E.millis(1250)) == [])
        #expect(mapping.advance(to: E.millis(1500)) == [.adjust(-1)])
        #expect(mapping.pitchWheelCentsPerSecond == 0, "at the end it is pushed towards, no timer is needed")
        #expect(mapping.map(E.bend(8191, at: E.millis(1600))) == [])
        #expect(mapping.pitchWheelCentsPerSecond > 199)
    }

    @Test("pitch wheel rate without timestamps: the arrival time, or else advance(to:) alone")
    func wheelRateWithoutTimestamps() throws {
        var mapping = ControllerMapping.running(.tuning, try Self.settings("pitchWheelRate:100"))
        #expect(mapping.map(E.bend(8191, at: nil), arrivalNanoseconds: E.millis(0)) == [.touch])
        let inputs = mapping.map(E.bend(0, at: nil), arrivalNanoseconds: E.millis(100))
        #expect(inputs.adjustments.count == 1)
        #expect(isClose(inputs.adjustments[0], 10 * 8191 / 8192 / 20))

        var clockless = ControllerMapping.running(.tuning, try Self.settings("pitchWheelRate:100"))
        #expect(clockless.map(E.bend(-8192, at: nil)) == [.touch])
        #expect(clockless.advance(to: E.millis(5000)) == [], "the first time only starts the clock")
        #expect(clockless.advance(to: E.millis(5100)) == [.adjust(-0.5)])
    }

    @Test("a new trial recentres the wheel position and waits for a new deflection")
    func wheelResetsPerTrial() throws {
        var mapping = ControllerMapping.running(.tuning, try Self.settings("pitchWheelRate:200"))
        _ = mapping.feed([E.bend(8191, at: E.millis(0)), E.bend(8191, at: E.millis(50))])
        mapping.trialStarted()
        #expect(mapping.pitchWheelCentsPerSecond == 0, "held over the trial boundary: not a touch")
        #expect(mapping.advance(to: E.millis(100)) == [])
        #expect(mapping.map(E.bend(0, at: E.millis(120))) == [])
        #expect(mapping.map(E.bend(-4096, at: E.millis(130))) == [.touch])
        #expect(mapping.map(E.bend(-4096, at: E.millis(230))) == [.adjust(-0.5)])
    }

    @Test("the wheel is ignored unless it is the tuning control")
    func wheelIgnoredOtherwise() {
        var mapping = ControllerMapping.running(.tuning)
        #expect(mapping.map(E.bend(8191, at: E.millis(0))) == [])
        #expect(mapping.advance(to: E.millis(100)) == [])
        #expect(mapping.pitchWheelCentsPerSecond == 0)
    }
}
