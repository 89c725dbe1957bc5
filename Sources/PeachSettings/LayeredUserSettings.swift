import Configuration
import Logging
import PeachCore
import PeachRig
import Synchronization

/// The real settings, training's and the rig's: layered, highest first, environment variables (PEACH_…), the
/// user's file, the shipped config/peach.yaml, and the built-in defaults.
///
/// The getters are synchronous and read an immutable snapshot; `snapshot()` (which the sessions
/// call at the start of every trial) first re-checks the user's file and re-resolves every
/// setting, so an edit applies to the next trial. Problems never throw: each distinct one is reported once through
/// the warning sink and the affected setting uses its default.
public final class LayeredUserSettings: UserSettings {
    public let files: SettingsFileLocations

    private let environment: ConfigLayer
    private let shipped: ConfigLayer?
    private let shippedProblems: [SettingsWarning]
    private let userFile: UserConfigFile
    private let warningSink: SettingsWarningSink
    private let state: Mutex<State>

    private struct State {
        var current: ResolvedSettings
        /// The problems of the latest resolution: one that persists is not reported again,
        /// one that goes away and comes back is (the user made the mistake anew).
        var activeProblems: Set<SettingsWarning> = []
        /// Refreshes may overlap; a slower, older one must not overwrite a newer result.
        var refreshesStarted = 0
        var refreshApplied = 0
    }

    /// - Parameters:
    ///   - environment: The process environment; tests pass their own.
    ///   - files: Where the user's and the shipped file are (see `SettingsFileLocations.discover`).
    ///   - warningSink: Receives each distinct problem once.
    ///   - logger: For swift-configuration's own debug messages about reloading.
    public init(
        environment: [String: String],
        files: SettingsFileLocations,
        warningSink: @escaping SettingsWarningSink,
        logger: Logger = Logger(label: "peach.settings", factory: { _ in SwiftLogNoOpLogHandler() })
    ) async {
        self.files = files
        self.environment = ConfigLayer.environment(environment)
        if let path = files.shippedFile {
            (shipped, shippedProblems) = await ShippedConfigFile.read(path: path)
        } else {
            (shipped, shippedProblems) = (nil, [])
        }
        self.userFile = UserConfigFile(path: files.userFile, logger: logger)
        self.warningSink = warningSink

        let (resolved, problems) = await Self.resolve(
            environment: self.environment, userFile: userFile, shipped: shipped, shippedProblems: shippedProblems)
        self.state = Mutex(State(current: resolved, activeProblems: Set(problems)))
        problems.forEach(warningSink)
    }

    /// Everything as last resolved, with the report of values and sources.
    public var current: ResolvedSettings { state.withLock { $0.current } }

    /// The training settings as last resolved, without looking at the files again.
    public var training: TrainingSettings { current.training }
    /// The rig's settings as last resolved (a session's snapshot brings them up to date too).
    public var rig: RigSettings { current.rig }

    /// The training settings with the user's latest edit.
    public func snapshot() async -> TrainingSettings {
        await refresh()
        return training
    }

    /// Re-reads the user's file (when it changed) and re-resolves every setting.
    public func refresh() async {
        let ticket = state.withLock { state in
            state.refreshesStarted += 1
            return state.refreshesStarted
        }
        let (resolved, problems) = await Self.resolve(
            environment: environment, userFile: userFile, shipped: shipped, shippedProblems: shippedProblems)
        let newProblems = state.withLock { state -> [SettingsWarning] in
            guard ticket > state.refreshApplied else { return [] }
            state.refreshApplied = ticket
            state.current = resolved
            let fresh = problems.filter { !state.activeProblems.contains($0) }
            state.activeProblems = Set(problems)
            return fresh
        }
        newProblems.forEach(warningSink)
    }

    /// Called after this process rewrote the user's file.
    func reloadUserFile() async {
        await userFile.forgetLoadedFile()
        await refresh()
    }

    /// The layers as they stand now, highest first.
    func layers(replacingUserFileWith userSnapshot: (any ConfigSnapshot)?) -> [ConfigLayer] {
        [environment]
            + (userSnapshot.map { [ConfigLayer.file(.userFile, path: files.userFile, snapshot: $0)] } ?? [])
            + (shipped.map { [$0] } ?? [])
    }

    private static func resolve(
        environment: ConfigLayer,
        userFile: UserConfigFile,
        shipped: ConfigLayer?,
        shippedProblems: [SettingsWarning]
    ) async -> (ResolvedSettings, [SettingsWarning]) {
        let reading = await userFile.read()
        var layers = [environment]
        if let snapshot = reading.snapshot {
            layers.append(.file(.userFile, path: userFile.path, snapshot: snapshot))
        }
        if let shipped { layers.append(shipped) }
        let resolved = ResolvedSettings(layers: layers)
        let fileProblems = shippedProblems + reading.problems
        return (resolved, (fileProblems + resolved.warnings).uniqued())
    }
}
