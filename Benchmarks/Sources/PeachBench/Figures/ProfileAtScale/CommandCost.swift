import Foundation

/// What one command cost as a process of its own: CPU time (user + system) and peak resident
/// set, as `/usr/bin/time` reads them from the kernel when the process ends. Its output goes to
/// /dev/null, so a large one costs no pipe and no memory here.
struct CommandCost: Sendable {
    let cpuMilliseconds: Double
    let peakKiB: Int

    static func measure(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                        scratch: URL) async throws -> CommandCost {
        let report = scratch.appendingPathComponent("time-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: report) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%U %S %M", "-o", report.path, executable] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
        let fields = text.split(separator: "\n").last?.split(separator: " ") ?? []
        guard status == 0, fields.count == 3, let user = Double(fields[0]), let system = Double(fields[1]),
              let peak = Int(fields[2]) else {
            throw BenchFailure("\(executable) \(arguments.joined(separator: " ")) exited with \(status) (/usr/bin/time: \(text))")
        }
        return CommandCost(cpuMilliseconds: (user + system) * 1000, peakKiB: peak)
    }
}
