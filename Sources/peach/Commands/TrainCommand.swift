import ArgumentParser

/// `peach train`: being written (issue 5).
struct TrainCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "train", abstract: "(not yet)")

    func run() async throws {
        throw ValidationError("peach train is not written yet")
    }
}
