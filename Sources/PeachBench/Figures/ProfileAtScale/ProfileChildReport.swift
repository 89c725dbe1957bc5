import Foundation

/// What `peach-bench profile-child` prints on its one line of stdout: how long the work took
/// in that fresh process and its peak resident memory, read from the kernel.
struct ProfileChildReport: Codable, Sendable {
    /// Opening the store and building the profile (or the baseline's count), in milliseconds.
    let milliseconds: Double
    /// VmHWM of /proc/self/status at the end: the process's peak resident set, in KiB.
    let peakKiB: Int
    /// VmRSS just before the store was opened: what the process itself costs, in KiB.
    let startKiB: Int
    /// Samples in the built profile (correct comparisons and all matchings), or records counted.
    let records: Int

    /// A field of /proc/self/status in KiB ("VmHWM:    12345 kB").
    static func statusKiB(_ field: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? -1
        }
        return -1
    }
}
