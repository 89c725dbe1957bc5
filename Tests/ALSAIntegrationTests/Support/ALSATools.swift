import Foundation

/// The alsa-utils programs the tests drive: `amidi` types bytes into a snd-virmidi device as a
/// hardware keyboard would; `aseqdump` is a throw-away client whose arrival and departure the
/// announce port reports.
enum ALSATools {
    /// Sends raw MIDI bytes ("90 3C 64") to the rawmidi device `port` (hw:0,0 is client 16:0).
    static func amidi(port: String = "hw:0,0", send hex: String) async throws {
        let status = try await run("/usr/bin/amidi", ["-p", port, "-S", hex])
        guard status == 0 else { throw ToolFailure(description: "amidi -p \(port) -S '\(hex)' exited with \(status)") }
    }

    /// Makes (or with `disconnect`, removes) a subscription as a user or a patchbay does, from
    /// outside both clients.
    static func aconnect(_ sender: String, _ destination: String, disconnect: Bool = false) async throws {
        let arguments = (disconnect ? ["-d"] : []) + [sender, destination]
        let status = try await run("/usr/bin/aconnect", arguments)
        guard status == 0 else { throw ToolFailure(description: "aconnect \(arguments.joined(separator: " ")) exited with \(status)") }
    }

    /// Starts `aseqdump` (a client named "aseqdump"); terminate the process to make it exit.
    static func startAseqdump() throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/aseqdump")
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    private static func run(_ path: String, _ arguments: [String]) async throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        return try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
    }

    struct ToolFailure: Error, CustomStringConvertible {
        let description: String
    }
}
