import PeachALSA
import Testing

@Suite("SubscriptionNoticeGap")
struct SubscriptionNoticeGapTests {
    @Test("amsynth, by its client name whoever started it, gets 50 ms of quiet; other synths none",
          arguments: [("amsynth", 50), ("AMSynth", 50), ("FLUID Synth (1234)", 0), ("yoshimi", 0), ("Peach Test Synth", 0)])
    func byClientName(name: String, milliseconds: Int) {
        #expect(SynthProfile(clientName: name).subscriptionNoticeGap.duration == .milliseconds(milliseconds))
    }
}
