import Foundation

/// Runs `peach-bench profile-child` in a process of its own and reads its report.
enum ProfileChild {
    static func run(_ context: BenchContext, store: URL, baseline: Bool) async throws -> ProfileChildReport {
        let arguments = ["profile-child", "--store", store.path] + (baseline ? ["--baseline"] : [])
        let child = try await ChildOutput.run(context.benchExecutable, arguments)
        guard child.status == 0, let line = child.stdout.split(separator: "\n").last,
              let report = try? JSONDecoder().decode(ProfileChildReport.self, from: Data(line.utf8)) else {
            throw BenchFailure("peach-bench \(arguments.joined(separator: " ")) exited with \(child.status): "
                          + child.stdout + child.stderr)
        }
        return report
    }
}
