import Testing
@testable import PeachCore

@Suite("Kazez difficulty")
struct KazezStrategyTests {
    let strategy = KazezStrategy()

    // Hand-computed: p·(1 − 0.05·√p) and p·(1 + 0.09·√p).
    @Test(arguments: [
        (100.0, true, 50.0), (100.0, false, 100.0),   // 190 clamps to 100
        (50.0, true, 32.32233), (50.0, false, 81.81981),
        (10.0, true, 8.41886), (10.0, false, 12.84605),
        (1.0, true, 0.95), (1.0, false, 1.09),
    ])
    func nextMagnitude(p: Double, correct: Bool, expected: Double) throws {
        let next = strategy.nextMagnitude(after: try Cents(p), wasCorrect: correct)
        #expect(abs(next.rawValue - expected) < 0.00001)
    }

    @Test func clampsAtATenthOfACentAndAtAHundred() throws {
        #expect(strategy.nextMagnitude(after: 0.1, wasCorrect: true).rawValue == 0.1)
        #expect(strategy.nextMagnitude(after: 0.1, wasCorrect: false).rawValue > 0.1)
        #expect(strategy.nextMagnitude(after: 100, wasCorrect: false).rawValue == 100)
    }

    @Test func coldStartIsAHundredCents() {
        #expect(strategy.initialMagnitude(profileMean: nil).rawValue == 100)
    }

    @Test func continuityStartsFromTheProfileMeanClamped() {
        #expect(strategy.initialMagnitude(profileMean: 12.5).rawValue == 12.5)
        #expect(strategy.initialMagnitude(profileMean: 0.01).rawValue == 0.1)
        #expect(strategy.initialMagnitude(profileMean: 250).rawValue == 100)
        #expect(strategy.initialMagnitude(profileMean: .nan).rawValue == 100)
    }

    @Test func aRaisedFloorHoldsTheMagnitudeAboveTheSynthsResolution() {
        let coarse = KazezStrategy(minimum: 1)
        #expect(coarse.nextMagnitude(after: 1, wasCorrect: true).rawValue == 1)
        #expect(coarse.initialMagnitude(profileMean: 0.5).rawValue == 1)
    }
}
