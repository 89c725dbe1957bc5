import ArgumentParser
import Foundation
import PeachStore

/// `peach reset [--yes]`: deletes every training record after a confirmation.
struct ResetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Delete all training records; the profile returns to cold start.",
        discussion: "Asks for confirmation on a terminal. Scripts pass --yes; without a terminal and without --yes nothing is deleted.")

    @OptionGroup var store: StoreOptions
    @Flag(help: "Delete without asking.") var yes = false

    func run() async throws {
        let store = try StoreComposition.openStore(store)
        let what = try store.recordCounts().sentence
        if !yes {
            guard isatty(STDIN_FILENO) == 1 else {
                throw StoreCommandError("peach reset deletes all training data and needs a confirmation: run it in a terminal, or pass --yes")
            }
            print("Delete all \(what) in \(store.location)?")
            print("This cannot be undone (export first to keep a copy). Type yes to delete: ", terminator: "")
            guard readLine()?.trimmingCharacters(in: .whitespaces).lowercased() == "yes" else {
                print("Nothing was deleted.")
                throw ExitCode.failure
            }
        }
        try await store.resetAllTrainingData()
        print("Deleted \(what); the profile is back at cold start.")
    }
}
