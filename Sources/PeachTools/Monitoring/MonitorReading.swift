import ALSASequencer
import PeachALSA
import PeachCore

/// One event as `peach monitor` shows it: what the controller sent and what Peach makes of it.
public struct MonitorReading: Hashable, Sendable {
    public let message: MIDIMessage
    /// 1…16; nil for events without a channel.
    public let channel: Int?
    /// What the mapping made of it; empty when ignored.
    public let inputs: [TrainingInput]
    /// Why nothing came of it, when nothing did.
    public let ignored: String?
    /// The mode the event was read in.
    public let mode: TrainingMode
    /// The mode a "next mode" command switched to.
    public let modeAfter: TrainingMode?

    public init(message: MIDIMessage, channel: Int?, inputs: [TrainingInput], ignored: String?,
                mode: TrainingMode, modeAfter: TrainingMode? = nil) {
        self.message = message
        self.channel = channel
        self.inputs = inputs
        self.ignored = ignored
        self.mode = mode
        self.modeAfter = modeAfter
    }
}
