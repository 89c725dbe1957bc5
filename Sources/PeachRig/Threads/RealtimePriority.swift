import PeachCore

/// The realtime priority asked for the thread that reads the controller: an answer's note-off
/// and a knob's pitch bend leave from it. On a busy rig (a software synth, a compiler) a thread
/// at normal priority waits for its time slice behind them; at a realtime one it runs as soon
/// as the event arrives. Off leaves the thread at normal priority.
public struct RealtimePriority: Hashable, Sendable, CustomStringConvertible {
    /// 1…99 (SCHED_FIFO's range); nil: off.
    public let level: Int?

    public static let allowedLevels = 1...99
    public static let off = RealtimePriority(uncheckedLevel: nil)
    /// FluidSynth's MIDI thread's default (its `midi.realtime-prio`): below the audio threads
    /// of JACK and PipeWire, which must never wait for MIDI.
    public static let `default` = RealtimePriority(uncheckedLevel: 50)

    private init(uncheckedLevel: Int?) { level = uncheckedLevel }

    /// 0 or `off`: normal priority; 1…99: that SCHED_FIFO priority.
    public init(parsing text: String) throws(DomainValueError) {
        let trimmed = text.trimmingWhitespace().lowercased()
        if trimmed == "off" || trimmed == "0" {
            self = .off
            return
        }
        guard let level = Int(trimmed) else {
            throw .malformed(type: "realtime priority", value: text, expected: "off, or a whole number 1…99")
        }
        guard Self.allowedLevels.contains(level) else {
            throw .outOfRange(type: "realtime priority", value: text, allowed: "1…99, or off (0)")
        }
        self.level = level
    }

    public var text: String { level.map(String.init) ?? "off" }
    public var description: String { text }
}
