import ArgumentParser

/// `peach learn`: being written (issue 5).
struct LearnCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "learn", abstract: "(not yet)")

    func run() async throws {
        throw ValidationError("peach learn is not written yet")
    }
}
