/// How long to keep quiet towards a synth after subscribing to it and before unsubscribing.
///
/// amsynth 1.13 garbles MIDI read together with a subscription notice: its ALSA reader
/// (`ALSAMidiDriver::read`) adds what `snd_midi_event_decode` returns to its write position,
/// and for a notice (not MIDI) that is −ENOENT, so the next event overwrites the last two bytes
/// of the one before (a note-off or bend lost) or, with the notice first, lands two bytes
/// before its buffer. The kernel sends the notice to amsynth's port whenever a client connects
/// or disconnects. amsynth reads its MIDI once per audio period (128 frames, 2.7 ms at 48 kHz),
/// so silence around a connect or disconnect gives the notice a read of its own, which amsynth
/// drops whole (its caller ignores a negative count). 50 ms is many periods, also under load.
public struct SubscriptionNoticeGap: Hashable, Sendable {
    public let duration: Duration

    public init(duration: Duration) {
        self.duration = duration
    }

    /// Most synths need none; amsynth's profile has 50 ms (`SynthProfile.amsynth`).
    public static let none = SubscriptionNoticeGap(duration: .zero)

    /// Sleeps for the gap, also in a cancelled task: an ending's note-offs, sent just before
    /// a signal's exit closes our client, need it most.
    public func wait() async {
        guard duration > .zero else { return }
        let duration = duration
        await Task { try? await Task.sleep(for: duration) }.value
    }
}
