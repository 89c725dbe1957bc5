import Foundation
import PeachSettings

/// Builds the settings for this process: the real environment, the files found on disk, and
/// warnings printed to stderr, one line each.
enum SettingsComposition {
    /// - Parameter creatingFile: the command writes the file (`settings set`), so a missing
    ///   `--config` file is one it will create.
    /// - Throws: `NamedConfigFileProblem` when `--config` names a file that is missing (unless
    ///   created), a folder, or unreadable: a file the user named is never silently ignored.
    static func makeSettings(
        configPath: String?, creatingFile: Bool = false,
        warningSink: @escaping SettingsWarningSink = printWarning
    ) async throws -> LayeredUserSettings {
        if let configPath, let problem = SettingsFileLocations.problem(openingNamedFile: configPath),
           !(creatingFile && problem == .missing) {
            throw NamedConfigFileProblem(path: configPath, problem: problem)
        }
        return await makeSettings(checkedConfigPath: configPath, warningSink: warningSink)
    }

    /// The settings without the check of `--config`: for `peach doctor`, which reports that
    /// problem itself, with every warning handed to `warningSink`.
    static func makeSettings(checkedConfigPath configPath: String?, warningSink: @escaping SettingsWarningSink) async
        -> LayeredUserSettings
    {
        let environment = ProcessInfo.processInfo.environment
        let files = SettingsFileLocations.discover(
            environment: environment,
            explicitUserFile: configPath,
            executablePath: SettingsFileLocations.currentExecutablePath(),
            homeDirectory: environment["HOME"] ?? NSHomeDirectory()
        )
        return await LayeredUserSettings(environment: environment, files: files, warningSink: warningSink)
    }

    /// A line of its own on stderr, so it is never glued onto other output.
    @Sendable static func printWarning(_ warning: SettingsWarning) {
        printToStandardError("warning: \(warning)")
    }
}

/// `--config PATH` names no usable file; printed as "Error: …", exit status 1.
struct NamedConfigFileProblem: Error, CustomStringConvertible {
    let path: String
    let problem: ConfigFileRefusal

    var description: String {
        let hint = problem == .missing
            ? " (check the path; `peach settings set KEY VALUE --config PATH` creates a settings file)" : ""
        return "--config \(path): \(problem)\(hint)"
    }
}
