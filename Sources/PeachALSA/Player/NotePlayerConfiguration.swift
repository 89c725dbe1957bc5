import ALSASequencer
import PeachCore
import PeachRig

/// What the ALSA note player needs to know about the synth behind its output.
public struct NotePlayerConfiguration: Hashable, Sendable {
    /// The channels notes may use; one channel unless a pool is configured.
    public var channels: ChannelPool
    /// What a full pitch bend means on the synth.
    public var bendRange: PitchBendRange
    /// How far the synth really bends for `bendRange`.
    public var bendResponse: BendResponse
    /// How the synth is told a note's loudness offset: CC 11 or velocity.
    public var loudnessResponse: LoudnessResponse
    /// Whether to tell the synth the bend range with RPN 0. Turn it off for synths that ignore
    /// RPNs (then set their range to `bendRange` by hand).
    public var sendsBendRange: Bool
    /// Bank and program, chosen at connection time.
    public var sound: SoundSelection
    /// The synth's own A4, for 12-TET; 440 Hz on nearly every synth. Not Peach's reference pitch.
    public var synthA4: Frequency

    public init(
        channels: ChannelPool = .single(RigSettings.defaults.midiChannel),
        bendRange: PitchBendRange = RigSettings.defaults.pitchBendRange,
        sendsBendRange: Bool = true,
        sound: SoundSelection = RigSettings.defaults.sound,
        synthA4: Frequency = .concertA,
        bendResponse: BendResponse = .exact,
        loudnessResponse: LoudnessResponse = .expression
    ) {
        self.channels = channels
        self.bendRange = bendRange
        self.bendResponse = bendResponse
        self.loudnessResponse = loudnessResponse
        self.sendsBendRange = sendsBendRange
        self.sound = sound
        self.synthA4 = synthA4
    }

    /// Channel, bend range and sound from the rig's settings; the pool, when given, replaces
    /// the single configured channel.
    public init(settings: RigSettings, channels: ChannelPool? = nil, sendsBendRange: Bool = true,
                bendResponse: BendResponse = .exact, loudnessResponse: LoudnessResponse = .expression) {
        self.init(channels: channels ?? .single(settings.midiChannel), bendRange: settings.pitchBendRange,
                  sendsBendRange: sendsBendRange, sound: settings.sound, bendResponse: bendResponse,
                  loudnessResponse: loudnessResponse)
    }

    /// All Notes Off and the bend at centre, then Bank Select MSB/LSB, Program Change, (when
    /// enabled) RPN 0 and (for `.expression`) CC 11 at its 0 dB value for one channel. CC 11 comes
    /// after the program: amsynth reloads its preset on Bank Select and Program Change, which
    /// resets master_vol, where Peach's controller map puts CC 11. Sent whenever Peach connects to a synth: a note left on
    /// by an earlier run (killed before its queued note-off left) or by a synth port that went
    /// and came back must not sound under the first trial.
    public func setupMessages(for channel: MIDIChannel) -> [MIDIMessage] {
        let wire = channel.wireValue
        var messages: [MIDIMessage] = [
            .controlChange(channel: wire, controller: 123, value: 0),
            .pitchBend(channel: wire, value: 0),
            .controlChange(channel: wire, controller: 0, value: sound.bankMSB),
            .controlChange(channel: wire, controller: 32, value: sound.bankLSB),
            .programChange(channel: wire, program: UInt8(sound.program)),
        ]
        if sendsBendRange {
            messages += PitchBendSensitivity.messages(for: bendRange, on: channel)
        }
        if loudnessResponse == .expression {
            messages.append(.controlChange(channel: wire, controller: ExpressionMapping.controller,
                                           value: ExpressionMapping.reference))
        }
        return messages
    }
}
