import ALSASequencer
import PeachRig

extension RealtimePriority {
    /// What the sequencer client's reader thread asks for at this setting.
    public var readerPriority: ReaderPriority { level.map(ReaderPriority.realtime) ?? .inherited }
}
