import Glibc
import PeachFiles

/// `export`, `profile --svg` and `import` keep the default end on SIGINT, SIGTERM and SIGHUP
/// (nothing of theirs needs stopping in order), but first remove the temporary file being
/// written beside the target: killed outright, they left `.peach-UUID.tmp` there.
enum TemporaryFileSignals {
    static let commands: Set<String> = ["export", "profile", "import"]

    /// From now on a termination signal removes `files`' temporary files, then ends the
    /// process by that same signal (its default action), as before.
    static func install(removing files: TemporaryFiles) {
        TerminationSignals.install { number in
            files.removeAll()
            signal(number, SIG_DFL)
            // To the process, not this queue's thread: dispatch threads block signals.
            kill(getpid(), number)
        }
    }
}
