import ArgumentParser

/// `peach monitor`: being written (issue 5).
struct MonitorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "monitor", abstract: "(not yet)")

    func run() async throws {
        throw ValidationError("peach monitor is not written yet")
    }
}
