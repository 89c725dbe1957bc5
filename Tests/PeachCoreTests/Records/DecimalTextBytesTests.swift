import Foundation
import PeachCore
import PeachTestSupport
import Testing

/// `DecimalText.append` writes numbers straight into an export's bytes; every value must come out
/// exactly as `DecimalText.format`, the formatter it stands in for, writes it.
@Suite("Export numbers as bytes: the same text as DecimalText.format", .timeLimit(.minutes(Patience.minutes(1))))
struct DecimalTextBytesTests {
    private func appended(_ value: Double) -> String {
        var bytes: [UInt8] = Array("x,".utf8)   // appends, leaving what was there
        DecimalText.append(value, to: &bytes)
        #expect(bytes.starts(with: Array("x,".utf8)))
        return String(decoding: bytes.dropFirst(2), as: UTF8.self)
    }

    @Test("edge cases: zero of either sign, integers, the recorded limits, exponent boundaries, extremes")
    func edgeCases() {
        let values: [Double] = [
            0, -0.0, 1, -1, 12, 100, -100, 1200, -1200, 1199.9999999999998, -1199.9999999999998,
            0.1, -0.1, 0.1 + 0.2, 2.0 / 3.0, -2.0 / 3.0, 45.1, -3.25, 99.99999999999,
            0.0001, 0.00001, -0.00001, 1e-7, -2.5e-5, 1.5e-300,
            1e15, 9_999_999_999_999_998, 1e16, -1e16, 1.25e17, 1e20, 123_456_789_012_345_680,
            .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .ulpOfOne,
        ]
        for value in values {
            #expect(appended(value) == DecimalText.format(value), "\(value)")
        }
        #expect(appended(-0.0) == "0.0")
        #expect(appended(1e16) == "10000000000000000.0")
    }

    @Test("random values of every magnitude and sign, and the cent values a trial records")
    func randomValues() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let magnitude = pow(10, Double(Int.random(in: -310...308, using: &generator)))
            let value = Double.random(in: -1...1, using: &generator) * magnitude
            guard value.isFinite else { continue }
            #expect(appended(value) == DecimalText.format(value), "\(value)")
        }
        for _ in 0..<20_000 {
            // Cents as trials record them: up to 1200 either way, often with one or two decimals.
            let value = (Double.random(in: -1200...1200, using: &generator) * 100).rounded() / 100
            #expect(appended(value) == DecimalText.format(value), "\(value)")
        }
    }
}
