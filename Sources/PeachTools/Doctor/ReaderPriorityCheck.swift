import ALSASequencer

/// Does the thread that reads the controller get the realtime priority midi.realtimePriority
/// asks for? Without it Peach works, but on a busy machine an answer's note-off or a knob's
/// bend can wait behind other programs for their time slice.
public struct ReaderPriorityCheck: DoctorCheck {
    public static let check = "realtime-priority"
    public static let title = "Realtime priority for the controller's reader"

    /// What the doctor's own client got when it asked as `peach train` does.
    public let scheduling: ReaderScheduling

    public init(scheduling: ReaderScheduling) {
        self.scheduling = scheduling
    }

    public var finding: DoctorFinding {
        switch scheduling {
        case .realtime(let priority):
            return .ok(Self.check, Self.title, found: "granted: priority \(priority) (SCHED_FIFO)")
        case .inherited:
            return .ok(Self.check, Self.title, found: "off (midi.realtimePriority): normal priority")
        case .refused(let priority, let reason):
            return .warning(Self.check, Self.title,
                            found: "priority \(priority) refused (\(reason)): on a busy machine answers and bends may wait",
                            advice: """
                                Allow the audio group realtime priorities (as jackd's package does) and join it:
                                echo '@audio - rtprio 95' | sudo tee /etc/security/limits.d/95-audio-rtprio.conf
                                sudo usermod -aG audio $USER, then log out and in again.
                                Or set midi.realtimePriority: off to run at normal priority without this warning.
                                """)
        }
    }
}
