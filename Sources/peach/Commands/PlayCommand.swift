import ArgumentParser

/// `peach play`: being written (issue 5).
struct PlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "play", abstract: "(not yet)")

    func run() async throws {
        throw ValidationError("peach play is not written yet")
    }
}
