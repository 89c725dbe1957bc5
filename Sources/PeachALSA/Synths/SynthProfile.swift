import PeachRig

/// What Peach knows about one synth, in one place: how its sequencer client is recognised, how
/// far it really bends, how it takes a loudness offset, whether it sounds whole cents only, how
/// long it needs quiet around a subscription, how it clicks, and its Debian package. Every part
/// of Peach that treats synths differently asks the profile of the port it plays to; a new synth
/// is one more profile here (and, if Peach is to start it, one launcher).
public struct SynthProfile: Hashable, Sendable {
    /// The name a musician knows it by.
    public let name: String
    /// Its Debian package, for advice to install it; nil for a synth Peach knows nothing of.
    public let package: String?
    /// How its client names itself, whoever started it; nil matches nothing.
    let clientNamePrefix: String?
    public let bendResponse: BendResponse
    /// How it takes a loudness offset when someone else started it (its controller map unknown).
    public let loudness: LoudnessResponse
    /// How it takes one when Peach started it with Peach's own configuration.
    public let loudnessWhenStartedByPeach: LoudnessResponse
    /// Whether it renders whole cents only (then the difficulty floor is one cent).
    public let rendersWholeCents: Bool
    public let subscriptionNoticeGap: SubscriptionNoticeGap
    /// Whether it has General MIDI drums to click with; without, it clicks a short high note.
    let hasGeneralMIDIDrums: Bool

    /// FluidSynth: its clients are "FLUID Synth (…)" (Peach, Qsynth, a service). Its pitch wheel
    /// falls 0.78 % short and it drops the fraction of a cent (`BendResponse.fluidSynth`); it applies
    /// CC 11 through its SF2 default modulator.
    public static let fluidSynth = SynthProfile(
        name: "FluidSynth", package: "fluidsynth", clientNamePrefix: "FLUID Synth", bendResponse: .fluidSynth,
        loudness: .expression, loudnessWhenStartedByPeach: .expression, rendersWholeCents: true,
        subscriptionNoticeGap: .none, hasGeneralMIDIDrums: true)

    /// amsynth: its client is "amsynth" whoever started it. Floating-point pitch arithmetic
    /// (`VoiceAllocationUnit.cpp`), so it sounds the 14-bit bend exactly. Its own controller map
    /// leaves CC 11 unassigned (`MidiController.cpp`): only the map Peach writes routes it to
    /// master_vol, so an amsynth Peach did not start gets velocity. One tone on one channel, no
    /// drums. It garbles MIDI read together with a subscription notice (`SubscriptionNoticeGap`).
    public static let amsynth = SynthProfile(
        name: "amsynth", package: "amsynth", clientNamePrefix: "amsynth", bendResponse: .exact,
        loudness: .velocity, loudnessWhenStartedByPeach: .expression, rendersWholeCents: false,
        subscriptionNoticeGap: SubscriptionNoticeGap(duration: .milliseconds(50)), hasGeneralMIDIDrums: false)

    /// Any other synth, taken at the General MIDI word: it bends exactly the range it is told,
    /// answers CC 11 and has drums on channel 10; `midi.pitchResolution` declares a coarser step.
    public static let generalMIDI = SynthProfile(
        name: "an unknown synth", package: nil, clientNamePrefix: nil, bendResponse: .exact,
        loudness: .expression, loudnessWhenStartedByPeach: .expression, rendersWholeCents: false,
        subscriptionNoticeGap: .none, hasGeneralMIDIDrums: true)

    /// The synths Peach recognises by their client's name.
    public static let recognised: [SynthProfile] = [.fluidSynth, .amsynth]

    private init(name: String, package: String?, clientNamePrefix: String?, bendResponse: BendResponse,
                 loudness: LoudnessResponse, loudnessWhenStartedByPeach: LoudnessResponse, rendersWholeCents: Bool,
                 subscriptionNoticeGap: SubscriptionNoticeGap, hasGeneralMIDIDrums: Bool) {
        self.name = name
        self.package = package
        self.clientNamePrefix = clientNamePrefix
        self.bendResponse = bendResponse
        self.loudness = loudness
        self.loudnessWhenStartedByPeach = loudnessWhenStartedByPeach
        self.rendersWholeCents = rendersWholeCents
        self.subscriptionNoticeGap = subscriptionNoticeGap
        self.hasGeneralMIDIDrums = hasGeneralMIDIDrums
    }

    /// The profile of the synth behind a port, by its client's name: a recognised synth's, else
    /// General MIDI's. The one place where a client's name decides how a synth is treated.
    public init(clientName: String) {
        self = Self.recognising(clientName: clientName) ?? .generalMIDI
    }

    /// A recognised synth's profile, or nil; case is ignored (a client names itself as its program chose).
    public static func recognising(clientName: String) -> SynthProfile? {
        let name = clientName.lowercased()
        return recognised.first { profile in profile.clientNamePrefix.map { name.hasPrefix($0.lowercased()) } ?? false }
    }

    /// What rhythm training clicks with on this synth: General MIDI's claves on the drum channel,
    /// or, on a synth without drums, a short high note on the notes' channel.
    public func clickSound(notesChannel: MIDIChannel) -> ClickSound {
        hasGeneralMIDIDrums ? .generalMIDIClaves : .pitched(on: notesChannel)
    }
}
