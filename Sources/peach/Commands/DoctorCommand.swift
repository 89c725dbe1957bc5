import ArgumentParser

/// `peach doctor`: being written (issue 5).
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "doctor", abstract: "(not yet)")

    func run() async throws {
        throw ValidationError("peach doctor is not written yet")
    }
}
