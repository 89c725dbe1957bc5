import Configuration
import Logging

/// The user's file, read through swift-configuration's `ReloadingFileProvider`, which
/// reloads in `fetchValue` whenever the file's modification time or real path changed. No
/// polling task runs: `read()` is called at each refresh, i.e. before every trial.
actor UserConfigFile {
    /// What the layer holds after a read.
    struct Reading: Sendable {
        /// nil when the file is missing, empty, or was never readable.
        let snapshot: (any ConfigSnapshot)?
        let problem: SettingsWarning?
    }

    let path: String
    private let logger: Logger
    /// nil until the file has been parsed once: the provider's initializer throws on a
    /// malformed file, so a file broken at start-up is retried at each read.
    private var provider: ReloadingFileProvider<YAMLSnapshot>?

    /// A key no file sets: fetching it is just the provider's reload check.
    private static let reloadProbe = AbsoluteConfigKey(["peach reload probe"])

    init(path: String, logger: Logger) {
        self.path = path
        self.logger = logger
    }

    func read() async -> Reading {
        guard let provider else {
            do {
                let created = try await ReloadingFileProvider<YAMLSnapshot>(
                    filePath: .init(path), allowMissing: true, logger: logger)
                provider = created
                return Reading(snapshot: created.snapshot(), problem: nil)
            } catch {
                return Reading(snapshot: nil, problem: warning(for: error, keepingLastGood: false))
            }
        }
        do {
            _ = try await provider.fetchValue(forKey: Self.reloadProbe, type: .string)
            return Reading(snapshot: provider.snapshot(), problem: nil)
        } catch {
            // The provider keeps its last good snapshot when a reload fails.
            guard let problem = warning(for: error, keepingLastGood: true) else {
                return Reading(snapshot: nil, problem: nil)
            }
            return Reading(snapshot: provider.snapshot(), problem: problem)
        }
    }

    /// Makes the next read start afresh, for after this process rewrote the file: a rewrite
    /// within the file system's timestamp granularity would otherwise go unnoticed.
    func forgetLoadedFile() {
        provider = nil
    }

    private func warning(for error: any Error, keepingLastGood: Bool) -> SettingsWarning? {
        ConfigFileProblem.warning(
            for: error,
            path: path,
            source: "user file",
            consequence: keepingLastGood ? "keeping its last readable settings" : "ignoring it until it is fixed"
        )
    }
}
