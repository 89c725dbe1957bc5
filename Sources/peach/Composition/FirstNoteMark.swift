import PeachCore
import Synchronization

/// A note player that marks its first note on the start's timeline, then only passes through:
/// the timeline's last step, which figure 7 of BENCHMARKS.md times from outside.
final class FirstNoteMark: NotePlayer {
    private let player: any NotePlayer
    private let timeline: StartTimeline
    private let marked = Atomic(false)

    init(_ player: any NotePlayer, timeline: StartTimeline) {
        self.player = player
        self.timeline = timeline
    }

    func startNote(frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB) throws -> any PlaybackHandle {
        defer { markOnce() }
        return try player.startNote(frequency: frequency, velocity: velocity, amplitude: amplitude)
    }

    func startNote(frequency: Frequency, duration: Duration, velocity: MIDIVelocity,
                   amplitude: AmplitudeDB) throws -> any TimedPlaybackHandle {
        defer { markOnce() }
        return try player.startNote(frequency: frequency, duration: duration, velocity: velocity, amplitude: amplitude)
    }

    func stopAll() throws { try player.stopAll() }

    func soundingFrequency(of frequency: Frequency) -> Frequency { player.soundingFrequency(of: frequency) }

    private func markOnce() {
        guard !marked.exchange(true, ordering: .relaxed) else { return }
        timeline.mark("first note-on sent")
    }
}
