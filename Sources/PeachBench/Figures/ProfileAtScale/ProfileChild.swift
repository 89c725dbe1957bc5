import Foundation

/// Runs `peach-bench profile-child` in a process of its own and reads its report.
enum ProfileChild {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func run(_ context: BenchContext, store: URL, baseline: Bool) async throws -> ProfileChildReport {
        let process = Process()
        process.executableURL = context.benchExecutable
        process.arguments = ["profile-child", "--store", store.path] + (baseline ? ["--baseline"] : [])
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        // One short line each: the pipes' buffers hold it until the child has ended.
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard status == 0, let line = text.split(separator: "\n").last,
              let report = try? JSONDecoder().decode(ProfileChildReport.self, from: Data(line.utf8)) else {
            throw Failure(description: "profile-child\(baseline ? " --baseline" : "") exited with \(status): \(text)\(problem)")
        }
        return report
    }
}
