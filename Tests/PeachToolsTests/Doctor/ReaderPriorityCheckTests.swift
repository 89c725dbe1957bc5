import ALSASequencer
import PeachTools
import Testing

@Suite("peach doctor: the controller's reader's realtime priority")
struct ReaderPriorityCheckTests {
    @Test("granted or switched off is ok and says which")
    func fine() {
        let granted = ReaderPriorityCheck(scheduling: .realtime(50)).finding
        #expect(granted.verdict == .ok)
        #expect(granted.found == "granted: priority 50 (SCHED_FIFO)")
        let off = ReaderPriorityCheck(scheduling: .inherited).finding
        #expect(off.verdict == .ok)
        #expect(off.found.contains("off (midi.realtimePriority)"))
    }

    @Test("refused is a warning that quotes the reason, says what it costs and how to allow it or switch it off")
    func refused() throws {
        let finding = ReaderPriorityCheck(scheduling: .refused(priority: 50, reason: "not permitted: RLIMIT_RTPRIO is 0, below 50"))
            .finding
        #expect(finding.verdict == .warning)
        #expect(finding.found.contains("priority 50 refused (not permitted: RLIMIT_RTPRIO is 0, below 50)"), "\(finding.found)")
        #expect(finding.found.contains("busy machine"))
        let advice = try #require(finding.fix)
        #expect(advice.contains("/etc/security/limits.d/") && advice.contains("rtprio"), "\(advice)")
        #expect(advice.contains("sudo usermod -aG audio $USER"))
        #expect(advice.contains("midi.realtimePriority: off"))
    }
}
