import Foundation
import Logging
import PeachSettings

/// Builds the settings for this process: the real environment, the files found on disk, and
/// warnings logged to stderr.
enum SettingsComposition {
    static func makeSettings(configPath: String?) async -> LayeredUserSettings {
        let logger = Logger(label: "peach.settings", factory: { StreamLogHandler.standardError(label: $0) })
        return await makeSettings(configPath: configPath, warningSink: { warning in logger.warning("\(warning)") })
    }

    /// The same settings, with every warning handed to `warningSink` instead of stderr: for
    /// `peach doctor`, which reports them itself.
    static func makeSettings(configPath: String?, warningSink: @escaping SettingsWarningSink) async -> LayeredUserSettings {
        let environment = ProcessInfo.processInfo.environment
        let files = SettingsFileLocations.discover(
            environment: environment,
            explicitUserFile: configPath,
            executablePath: SettingsFileLocations.currentExecutablePath(),
            homeDirectory: environment["HOME"] ?? NSHomeDirectory()
        )
        return await LayeredUserSettings(environment: environment, files: files, warningSink: warningSink)
    }
}
