import ArgumentParser

/// `peach settings`: list (the default), get, set, and print the shipped defaults.
struct SettingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or change the settings.",
        discussion: """
            Each setting comes from the first of: its environment variable (PEACH_…), your \
            file ($XDG_CONFIG_HOME/peach/config.yaml, else ~/.config/peach/config.yaml, or \
            --config), the shipped config/peach.yaml, the built-in default. An invalid value \
            is reported on stderr and replaced by the default; a key that is no setting, and a \
            note duration clamped to its range, are reported too.
            """,
        subcommands: [ListSettingsCommand.self, GetSettingCommand.self, SetSettingCommand.self,
                      ShippedDefaultsCommand.self],
        defaultSubcommand: ListSettingsCommand.self
    )
}

/// Options every settings subcommand takes.
struct SettingsFileOptions: ParsableArguments {
    @Option(name: .customLong("config"), help: ArgumentHelp("Your settings file.", valueName: "path"))
    var configPath: String?
}
