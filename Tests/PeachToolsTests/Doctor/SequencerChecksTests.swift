import PeachTools
import Testing

@Suite("peach doctor: the sequencer checks")
struct SequencerChecksTests {
    @Test("/dev/snd/seq present is ok; missing is a problem whose fix loads snd-seq, and a port for a box without sound")
    func device() throws {
        #expect(SequencerDeviceCheck(exists: true).finding.verdict == .ok)
        let missing = SequencerDeviceCheck(exists: false).finding
        #expect(missing.verdict == .problem)
        #expect(missing.found.contains("/dev/snd/seq is missing"))
        let fix = try #require(missing.fix)
        #expect(fix.contains("sudo modprobe snd-seq\n"), "\(fix)")
        #expect(fix.contains("snd-seq-dummy") && fix.contains("snd-virmidi"))
        #expect(fix.contains("/etc/modules-load.d/"))
    }

    @Test("access: both read and write are needed; the fix adds the user to the device's group")
    func access() throws {
        let fine = SequencerAccessCheck(readable: true, writable: true, group: "audio", user: "ann").finding
        #expect(fine.verdict == .ok)
        #expect(fine.found == "ann may read and write /dev/snd/seq")
        for (readable, writable, missing) in [(false, true, "read"), (true, false, "write"), (false, false, "read or write")] {
            let finding = SequencerAccessCheck(readable: readable, writable: writable, group: "audio", user: "ann").finding
            #expect(finding.verdict == .problem)
            #expect(finding.found == "ann may not \(missing) /dev/snd/seq (group audio)")
            #expect(finding.fix?.contains("sudo usermod -aG audio $USER") == true)
            #expect(finding.fix?.contains("log out and in again") == true)
        }
        let otherGroup = SequencerAccessCheck(readable: false, writable: false, group: "midi", user: nil).finding
        #expect(otherGroup.fix?.contains("sudo usermod -aG midi $USER") == true, "the device's own group")
    }

    @Test("client: opened is ok; a failure shows libasound's text and points at the device when it is missing")
    func client() {
        #expect(SequencerClientCheck(outcome: .opened(clientID: 129), deviceExists: true).finding
            == .ok("sequencer-client", "libasound sequencer client", found: "opened client 129"))
        let reason = "snd_seq_open failed: No such file or directory"
        let noDevice = SequencerClientCheck(outcome: .failed(reason), deviceExists: false).finding
        #expect(noDevice.verdict == .problem)
        #expect(noDevice.found == "cannot open a client: \(reason)")
        #expect(noDevice.fix?.contains("Load the sequencer first") == true)
        let other = SequencerClientCheck(outcome: .failed("snd_seq_open failed: Permission denied"), deviceExists: true).finding
        #expect(other.verdict == .problem)
        #expect(other.fix?.contains("aconnect -l") == true)
    }
}
