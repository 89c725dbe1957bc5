import ArgumentParser

/// `peach ports`: being written (issue 5).
struct PortsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "ports", abstract: "(not yet)")

    func run() async throws {
        throw ValidationError("peach ports is not written yet")
    }
}
