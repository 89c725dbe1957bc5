import Configuration
import Logging

/// The user's file, read through swift-configuration's `ReloadingFileProvider`, which
/// reloads in `fetchValue` whenever the file's modification time or real path changed. No
/// polling task runs: `read()` is called at each refresh, i.e. before every trial.
///
/// Each new version of the file is first screened (`ConfigFileText`): a folder, a pipe, a
/// file too large or with too many keys never reaches the parser, and the keys no setting
/// reads are found with their lines.
actor UserConfigFile {
    /// What the layer holds after a read.
    struct Reading: Sendable {
        /// nil when the file is missing, empty, or was never readable.
        let snapshot: (any ConfigSnapshot)?
        /// The file's problems: unusable, or the keys it holds that are no settings.
        let problems: [SettingsWarning]
    }

    /// What screening found for one version of the file.
    private enum Screening {
        case accepted(unknownKeys: [SettingsWarning])
        case refused(ConfigFileRefusal)
    }

    let path: String
    private let logger: Logger
    /// nil until the file has been parsed once: the provider's initializer throws on a
    /// malformed file, so a file broken at start-up is retried at each read.
    private var provider: ReloadingFileProvider<YAMLSnapshot>?
    /// The version last screened, and what was found: the file is read again only when it changed.
    private var screened: (signature: FileSignature, screening: Screening)?

    /// A key no file sets: fetching it is just the provider's reload check.
    private static let reloadProbe = AbsoluteConfigKey(["peach reload probe"])

    init(path: String, logger: Logger) {
        self.path = path
        self.logger = logger
    }

    func read() async -> Reading {
        var unknownKeys: [SettingsWarning] = []
        switch screen() {
        case .refused(let refusal)?:
            let warning = ConfigFileProblem.warning(
                for: refusal, path: path, source: "user file",
                consequence: provider == nil ? "ignoring it until it is fixed" : "keeping its last readable settings")
            return Reading(snapshot: provider?.snapshot(), problems: [warning])
        case .accepted(let unknown)?:
            unknownKeys = unknown
        case nil:
            break
        }
        guard let provider else {
            do {
                let created = try await ReloadingFileProvider<YAMLSnapshot>(
                    filePath: .init(path), allowMissing: true, logger: logger)
                provider = created
                return Reading(snapshot: created.snapshot(), problems: unknownKeys)
            } catch {
                return Reading(snapshot: nil, problems: [warning(for: error, keepingLastGood: false)].compactMap { $0 })
            }
        }
        do {
            _ = try await provider.fetchValue(forKey: Self.reloadProbe, type: .string)
            return Reading(snapshot: provider.snapshot(), problems: unknownKeys)
        } catch {
            // The provider keeps its last good snapshot when a reload fails.
            guard let problem = warning(for: error, keepingLastGood: true) else {
                return Reading(snapshot: nil, problems: [])
            }
            return Reading(snapshot: provider.snapshot(), problems: [problem])
        }
    }

    /// Makes the next read start afresh, for after this process rewrote the file: a rewrite
    /// within the file system's timestamp granularity would otherwise go unnoticed.
    func forgetLoadedFile() {
        provider = nil
        screened = nil
    }

    /// Screens the file when it is new or changed; nil when there is no file (the provider
    /// reads a missing file as empty).
    private func screen() -> Screening? {
        guard let signature = FileSignature.current(path: path) else {
            // Missing is no problem (the provider reads it as empty); a path through a file is.
            guard let refusal = ConfigFileText.problem(opening: path), refusal != .missing else { return nil }
            return .refused(refusal)
        }
        if let screened, screened.signature == signature { return screened.screening }
        let screening: Screening
        switch ConfigFileText.read(path: path) {
        case .success(let file):
            screening = .accepted(unknownKeys: UnknownKeys.warnings(in: file.text, source: "user file \(path)"))
        case .failure(.missing):
            return nil
        case .failure(let refusal):
            screening = .refused(refusal)
        }
        screened = (signature, screening)
        return screening
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
