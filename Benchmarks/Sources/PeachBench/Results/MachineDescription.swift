import Foundation

/// Where a figure ran, in words for the report: CPU, cores, kernel, and whether this is the VM.
enum MachineDescription {
    static func current() -> String {
        let cpu = cpuModel() ?? "unknown CPU"
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var uts = utsname()
        uname(&uts)
        let kernel = withUnsafeBytes(of: &uts.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let inVM = ProcessInfo.processInfo.environment["ALSA_VM"] == "1"
        let accelerator = ProcessInfo.processInfo.environment["PEACH_ALSA_VM_ACCEL"] ?? "tcg"
        let place = inVM ? "VM (scripts/alsa-vm, qemu \(accelerator == "kvm" ? "KVM" : "TCG emulation"))" : "host"
        return "\(place): \(cpu), \(cores) CPU\(cores == 1 ? "" : "s"), Linux \(kernel)"
    }

    private static func cpuModel() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            return line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return nil
    }
}
