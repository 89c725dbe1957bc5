import ALSASequencer
import ArgumentParser
import Foundation

/// `peach-bench echo`: the reaction figures' echo client in a process of its own, as `peach` is
/// one. Prints its output port ("ready 130:0") once listening, answers until stdin closes.
struct EchoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "echo", abstract: "Answer a keyboard's keys with note-offs and its mod wheel with bends (figures 4 and 5's echo, out of process).")

    @Option(help: "The keyboard's port (CLIENT:PORT).")
    var source: String

    func run() throws {
        guard let address = EchoClient.address(source[...]) else { throw ValidationError("--source: CLIENT:PORT, not \(source)") }
        let echo = try EchoClient(listeningTo: address, reply: EchoClient.reaction)
        FileHandle.standardOutput.write(Data("ready \(echo.client.outputPort)\n".utf8))  // unbuffered: the bench waits for it
        // Blocks this thread only; the echo answers on its reader thread.
        while readLine() != nil {}
        withExtendedLifetime(echo) {}
    }
}
