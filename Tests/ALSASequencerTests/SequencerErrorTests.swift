import Foundation
import Testing

@testable import ALSASequencer

@Suite("Sequencer errors name the call and the reason")
struct SequencerErrorTests {
    @Test("a failed libasound call carries snd_strerror's text and, for snd_seq_open, a hint")
    func alsaErrors() {
        #expect(throws: SequencerError.alsa(call: "snd_seq_connect_to(20:0)", code: -ENOENT,
                                            message: "No such file or directory", hint: nil)) {
            try SequencerError.check(-ENOENT, "snd_seq_connect_to(20:0)")
        }
        let open = #expect(throws: SequencerError.self) { try SequencerError.check(-ENOENT, "snd_seq_open") }
        #expect(open?.description.hasPrefix("snd_seq_open failed: No such file or directory (/dev/snd/seq is missing") == true)
        #expect(throws: Never.self) { try SequencerError.check(3, "snd_seq_client_id") }
    }

    @Test("without a kernel sequencer, opening a client fails with the hint",
          .enabled(if: !FileManager.default.fileExists(atPath: "/dev/snd/seq"), "this machine has a sequencer"))
    func openWithoutSequencer() {
        let error = #expect(throws: SequencerError.self) { try SequencerClient(name: "Peach") }
        #expect(error?.description.hasPrefix("snd_seq_open failed: ") == true)
        #expect(error?.description.contains("sudo modprobe snd-seq") == true)
    }
}
