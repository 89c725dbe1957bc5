import PeachALSA
import PeachCore
import PeachSettings
import PeachStore
import PeachTrainer

/// The rhythm modes' sessions of one run: all on the rhythm player's clock, which holds the
/// output queue running for the whole run, and each recorded and counted in the profile.
struct RhythmSessions {
    let player: ALSARhythmPlayer
    let settings: LayeredUserSettings
    /// The rig's tap latency for this pair of ports (`peach calibrate`), subtracted from every tap.
    let tapLatency: TapLatency?
    let profile: PerceptualProfile
    let recorder: TrialRecorder

    /// The session of `mode`; nil for a pitch mode.
    func session(for mode: TrainingMode) -> ActiveSession? {
        switch mode {
        case .rhythmOffsetDetection:
            .rhythmOffsetDetection(RhythmOffsetDetectionSession(
                RhythmOffsetDetection(player: player, profile: profile, observers: [recorder, profile], now: RecordTimestamp.now),
                settings: settings, resettables: [recorder, profile]))
        case .rhythmMatching:
            .rhythmMatching(RhythmMatchingSession(
                RhythmMatching(player: player, tapLatency: tapLatency, observers: [recorder, profile], now: RecordTimestamp.now),
                settings: settings, resettables: [recorder, profile]))
        case .comparison, .matching, .intervalComparison, .intervalMatching:
            nil
        }
    }
}
