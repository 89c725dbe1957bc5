import Foundation
import Testing

/// Whether this machine has a kernel sequencer. The integration suites are enabled only when it
/// does (inside `scripts/alsa-vm`); elsewhere Swift Testing lists them as skipped with this reason,
/// so a host run never passes them silently.
enum KernelSequencer {
    static let isPresent = FileManager.default.fileExists(atPath: "/dev/snd/seq")
    static let skipReason: Comment =
        "no /dev/snd/seq on this machine: the ALSA integration tests run in the VM (scripts/alsa-vm, run by scripts/test)"
}
