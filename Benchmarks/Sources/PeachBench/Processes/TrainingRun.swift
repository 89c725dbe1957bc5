import ALSASequencer
import Foundation

/// `peach train MODE` playing into a `MeasuringRig`: short notes, no feedback cue, folders of
/// its own; `settings` add to or replace those.
enum TrainingRun {
    /// A first start under emulation reads the whole executable over the VM's 9p share: slow.
    static let firstNoteTimeout: Duration = .seconds(120)

    static func start(_ context: BenchContext, mode: String, rig: MeasuringRig, trials: Int? = nil,
                      settings: [String: String] = [:], folder: String,
                      launchClock: (() throws -> UInt64)? = nil) throws -> PeachProcess {
        var arguments = ["train", mode] + rig.portArguments
        if let trials { arguments += ["--trials", String(trials)] }
        return try PeachProcess(context, arguments, settings: [
            "PEACH_NOTE_DURATION": "0.3",
            "PEACH_FEEDBACK_CHANNEL": "off",
        ].merging(settings) { $1 }, folder: folder, launchClock: launchClock)
    }
}

extension StampedEvents {
    /// The next note-on from `peach` (not from the controller's tap).
    func nextNoteOn(from rig: MeasuringRig, timeout: Duration = .seconds(30)) async throws -> SequencerEvent {
        try await next("note-on from peach", timeout: timeout) { event in
            guard rig.isFromPeach(event), case .on? = NoteEdge(event.midiMessage) else { return false }
            return true
        }
    }

    /// The next note-off (or note-on of velocity 0) from `peach`.
    func nextNoteOff(from rig: MeasuringRig, timeout: Duration = .seconds(30)) async throws -> SequencerEvent {
        try await next("note-off from peach", timeout: timeout) { event in
            guard rig.isFromPeach(event), case .off? = NoteEdge(event.midiMessage) else { return false }
            return true
        }
    }
}
