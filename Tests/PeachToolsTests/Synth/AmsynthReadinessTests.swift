import ALSASequencer
import PeachTools
import Testing

@Suite("amsynth is ready when its client (by pid) has its port and its audio thread runs")
struct AmsynthReadinessTests {
    static func port(client: Int, pid: Int32?, name: String = "amsynth") -> SequencerPort {
        SequencerPort(address: SequencerAddress(client: client, port: 0), clientName: name, portName: "MIDI IN",
                      clientType: .user, capabilities: [.write, .subscribeWrite], clientPID: pid)
    }

    @Test("another amsynth's client does not count; ours without its port yet is waiting")
    func waiting() {
        let other = Self.port(client: 128, pid: 4000)
        #expect(AmsynthReadiness.judge(ports: [other], pid: 4321, threads: 2, stderr: "") == .waiting)
        let outputOnly = SequencerPort(address: SequencerAddress(client: 129, port: 1), clientName: "amsynth", portName: "MIDI OUT",
                                       clientType: .user, capabilities: [.read, .subscribeRead], clientPID: 4321)
        #expect(AmsynthReadiness.judge(ports: [other, outputOnly], pid: 4321, threads: 2, stderr: "") == .waiting)
    }

    @Test("our port and the audio thread: ready, on our client's port")
    func ready() {
        let ours = Self.port(client: 129, pid: 4321)
        #expect(AmsynthReadiness.judge(ports: [Self.port(client: 128, pid: 4000), ours], pid: 4321, threads: 2, stderr: "")
            == .ready(ours))
    }

    @Test("the port without an audio thread, or a driver's failure on stderr: its audio failed")
    func audioFailed() {
        let ours = Self.port(client: 129, pid: 4321)
        #expect(AmsynthReadiness.judge(ports: [ours], pid: 4321, threads: 1, stderr: "") == .audioFailed)
        let said = "snd_pcm_open(&pcm, config.alsa_audio_device.c_str(), SND_PCM_STREAM_PLAYBACK, 0) failed with error: No such file or directory"
        #expect(AmsynthReadiness.judge(ports: [ours], pid: 4321, threads: 3, stderr: said) == .audioFailed)
    }
}
