/// Is the kernel's sequencer there? Without /dev/snd/seq nothing MIDI works.
public struct SequencerDeviceCheck: DoctorCheck {
    public static let check = "sequencer-device"
    public static let title = "ALSA sequencer device"
    public static let devicePath = "/dev/snd/seq"

    public let path: String
    public let exists: Bool

    public init(path: String = SequencerDeviceCheck.devicePath, exists: Bool) {
        self.path = path
        self.exists = exists
    }

    public var finding: DoctorFinding {
        guard !exists else { return .ok(Self.check, Self.title, found: "\(path) exists") }
        return .problem(Self.check, Self.title,
                        found: "\(path) is missing: the kernel's sequencer (snd-seq) is not loaded",
                        fix: """
                            sudo modprobe snd-seq
                            On a machine without sound hardware, also load a port to talk to: \
                            sudo modprobe snd-seq-dummy (Midi Through) or sudo modprobe snd-virmidi (virtual keyboards).
                            To load it at every boot: echo snd-seq | sudo tee /etc/modules-load.d/peach.conf
                            """)
    }
}

/// May this user open /dev/snd/seq for reading and writing? Debian gives it to the audio group
/// (and, through logind, to whoever sits at the console).
public struct SequencerAccessCheck: DoctorCheck {
    public static let check = "sequencer-access"
    public static let title = "Sequencer permissions"

    public let path: String
    public let readable: Bool
    public let writable: Bool
    /// The device's group, as the file system says ("audio" on Debian).
    public let group: String?
    public let user: String?

    public init(path: String = SequencerDeviceCheck.devicePath, readable: Bool, writable: Bool,
                group: String?, user: String?) {
        self.path = path
        self.readable = readable
        self.writable = writable
        self.group = group
        self.user = user
    }

    public var finding: DoctorFinding {
        let who = user ?? "this user"
        guard readable && writable else {
            let missing = [readable ? nil : "read", writable ? nil : "write"].compactMap { $0 }.joined(separator: " or ")
            let group = self.group ?? "audio"
            return .problem(Self.check, Self.title,
                            found: "\(who) may not \(missing) \(path) (group \(group))",
                            fix: """
                                sudo usermod -aG \(group) $USER
                                then log out and in again (or run `newgrp \(group)` in this shell) so the new group applies.
                                """)
        }
        return .ok(Self.check, Self.title, found: "\(who) may read and write \(path)")
    }
}

/// Does libasound open a sequencer client? It can fail although the device is there (a
/// libasound without sequencer support, a kernel refusing more clients).
public struct SequencerClientCheck: DoctorCheck {
    public static let check = "sequencer-client"
    public static let title = "libasound sequencer client"

    public enum Outcome: Hashable, Sendable {
        /// The client's number, as `aconnect -l` would show it.
        case opened(clientID: Int)
        /// libasound's error, as SequencerError words it.
        case failed(String)
    }

    public let outcome: Outcome
    /// Whether /dev/snd/seq exists: if not, the fix is the device's.
    public let deviceExists: Bool

    public init(outcome: Outcome, deviceExists: Bool) {
        self.outcome = outcome
        self.deviceExists = deviceExists
    }

    public var finding: DoctorFinding {
        switch outcome {
        case .opened(let clientID):
            return .ok(Self.check, Self.title, found: "opened client \(clientID)")
        case .failed(let reason):
            let fix = deviceExists
                ? "Check the permissions above; `aconnect -l` (sudo apt install alsa-utils) shows whether any program "
                    + "can open the sequencer. The port checks need a client, so they were skipped."
                : "Load the sequencer first (see \(SequencerDeviceCheck.title) above); the port checks need it, "
                    + "so they were skipped."
            return .problem(Self.check, Self.title, found: "cannot open a client: \(reason)", fix: fix)
        }
    }
}
