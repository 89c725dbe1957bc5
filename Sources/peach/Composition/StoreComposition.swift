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
        try openStore(at: options.location)
    }

    private static func openStore(at location: StoreLocation) throws -> TrainingStore {
        let store = try TrainingStore(location: location)
        // A write waiting for another peach's (train shows it on its own screen instead).
        store.onBusyWait { printToStandardError($0) }
        return store
    }

    /// `peach train`'s store and where training starts from (the profile, the thresholds),
    /// opened on a task of its own while the settings are read: neither needs the other, and
    /// the two were the longest steps before the first note (BENCHMARKS.md, figure 7). Whoever
    /// awaits it gets its failure (a damaged database) as if it had opened it there.
    static func openingForTraining(_ options: StoreOptions) -> Task<(TrainingStore, TrainingStart), any Error> {
        let location = options.location
        return Task.detached {
            let store = try openStore(at: location)
            // From the tally the store keeps: the start does not read every record (issue 30).
            return (store, try store.trainingStart())
        }
    }

    /// For `peach profile`: the store read-only and without the whole file's quick_check, for a
    /// report from the tally kept today (`keptProfileReport`), which reads only the last months'
    /// rows (issue 30). nil where it cannot be opened so (no file, an older schema, anything the
    /// opening refuses): `openExistingStore` then opens it as usual and says what is wrong.
    static func openForKeptReport(_ options: StoreOptions) -> TrainingStore? {
        try? TrainingStore(location: options.location, mode: .readOnly, check: .whatIsRead)
    }

    /// For the commands that only read (profile, export): nil where there is no database yet,
    /// so a mistyped --data-dir does not leave a new empty store behind. Anything at the path
    /// (a file, a pipe, a folder) is opened and judged as usual.
    static func openExistingStore(_ options: StoreOptions) throws -> TrainingStore? {
        let path = options.location.databasePath
        var info = stat()
        guard lstat(path, &info) == 0 else {
            printToStandardError("no training data yet: \(path) does not exist")
            return nil
        }
        // A store nobody may write is still read (a backup on read-only media), as it is.
        guard TrainingStore.isWritable(options.location) else {
            return try TrainingStore(location: options.location, mode: .readOnly)
        }
        return try openStore(options)
    }
}
