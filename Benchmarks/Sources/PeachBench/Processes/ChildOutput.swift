import Foundation

/// A short-lived child run to its end, with what it printed: for children whose output is a few
/// lines (the pipes' buffers hold them until it has ended).
struct ChildOutput: Sendable {
    let status: Int32
    let stdout: String
    let stderr: String

    static func run(_ executable: URL, _ arguments: [String]) async throws -> ChildOutput {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        return ChildOutput(status: status,
                           stdout: String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                           stderr: String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }
}
