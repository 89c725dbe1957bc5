import ArgumentParser
import Foundation
import PeachStore

/// Options every command that uses the training database takes.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"),
            help: ArgumentHelp("The folder of peach.sqlite (default: $PEACH_DATA_DIR, else $XDG_DATA_HOME/peach, else ~/.local/share/peach).",
                               valueName: "path"))
    var dataDir: String?

    var location: StoreLocation {
        let environment = ProcessInfo.processInfo.environment
        return StoreLocation.resolve(dataDirOption: dataDir, environment: environment,
                                     homeDirectory: environment["HOME"] ?? NSHomeDirectory())
    }
}

/// Opens the store for a command.
enum StoreComposition {
    static func openStore(_ options: StoreOptions) throws -> TrainingStore {
        try TrainingStore(location: options.location)
    }
}
