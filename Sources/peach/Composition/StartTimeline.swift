import Glibc
import Logging

/// The start of `peach train` as a timeline in the log (debug level): each step with the time
/// since the process was started, so the way to the first note can be read from one run
/// (`peach train --verbose`, or PEACH_LOG_LEVEL=debug). The process's start is the kernel's
/// (`/proc/self/stat`, in clock ticks), so loading the executable and the runtime is counted too.
struct StartTimeline: Sendable {
    private let log: Logger
    /// CLOCK_BOOTTIME seconds at the process's start; nil when the kernel does not say.
    private static let processStart = processStartSeconds()

    init(log: Logger) {
        self.log = log
    }

    /// Logs `step` with the milliseconds since the process started.
    func mark(_ step: @autoclosure () -> String) {
        guard log.logLevel <= .debug else { return }
        let elapsed = Self.processStart.map { String(Int(((Self.bootSeconds() - $0) * 1000).rounded())) } ?? "?"
        log.debug("start +\(elapsed) ms: \(step())")
    }

    private static func bootSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Field 22 of /proc/self/stat, after the command name in parentheses (which may hold spaces).
    private static func processStartSeconds() -> Double? {
        guard let file = fopen("/proc/self/stat", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 1024)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let close = line.lastIndex(of: ")") else { return nil }
        let fields = line[line.index(after: close)...].split(separator: " ")
        // After ")": state is field 3, so field 22 is at index 19.
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        let perSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        return perSecond > 0 ? ticks / perSecond : nil
    }
}
