import Foundation
import PeachTestSupport
import Testing

/// config/systemd/peach.service: the keys a headless rig relies on, and systemd's own verdict
/// where systemd-analyze is installed.
@Suite("config/systemd/peach.service", .timeLimit(.minutes(Patience.minutes(1))))
struct SystemdUnitTests {
    static let unitPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("config/systemd/peach.service").path

    /// Section → key → values (a key may repeat), comments and blank lines skipped.
    static func parse(_ text: String) throws -> [String: [String: [String]]] {
        var sections: [String: [String: [String]]] = [:]
        var current: String?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                current = String(line.dropFirst().dropLast())
                continue
            }
            let section = try #require(current, "line \(index + 1) is outside a section: \(line)")
            let parts = line.split(separator: "=", maxSplits: 1)
            try #require(parts.count == 2, "line \(index + 1) is not KEY=VALUE: \(line)")
            let key = parts[0].trimmingCharacters(in: .whitespaces)
            sections[section, default: [:]][key, default: []].append(parts[1].trimmingCharacters(in: .whitespaces))
        }
        return sections
    }

    @Test("a user unit that trains headless from boot, restarts on failure, orders on no system target")
    func keys() throws {
        let text = try String(contentsOfFile: Self.unitPath, encoding: .utf8)
        let unit = try Self.parse(text)
        #expect(Set(unit.keys) == ["Unit", "Service", "Install"])
        // A user manager never sees the system's sound.target: ordering on it would do nothing.
        let after = (unit["Unit"]?["After"] ?? []).flatMap { $0.split(separator: " ").map(String.init) }
        #expect(!after.contains("sound.target"))
        #expect(after.allSatisfy { $0.hasSuffix(".service") }, "only user services (the sound server): \(after)")
        #expect(unit["Unit"]?["Description"]?.isEmpty == false)
        let service = try #require(unit["Service"])
        let execStart = try #require(service["ExecStart"]?.first)
        let arguments = execStart.split(separator: " ").map(String.init)
        #expect(arguments.first == "%h/.local/bin/peach")
        #expect(Array(arguments.dropFirst().prefix(1)) == ["train"])
        #expect(execStart.contains("--port-wait forever"), "waits for its ports instead of failing at login")
        #expect(arguments.contains("--no-json"), "plain log lines for the journal")
        #expect(service["Restart"] == ["on-failure"])
        let restartSec = try #require(service["RestartSec"]?.first.flatMap(Double.init))
        #expect(restartSec > 0)
        #expect(unit["Install"]?["WantedBy"] == ["default.target"])
        // The comment at the top says how to install it and why each step, as the rig guide (docs/rig.md) does.
        for step in ["scripts/install", "systemctl --user enable --now peach", "loginctl enable-linger",
                     "usermod -aG audio", "holdStartStop"] {
            #expect(text.contains(step), "the unit's comments do not mention \(step)")
        }
    }

    static let systemdAnalyze = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("systemd-analyze verify finds nothing to complain about",
          .enabled(if: systemdAnalyze != nil, "systemd-analyze is not installed (Debian package systemd)"))
    func verify() async throws {
        // %h is the home folder: one whose .local/bin/peach is the built executable.
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("peach-unit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let bin = home.appendingPathComponent(".local/bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("peach"), withDestinationURL: PeachExecutable.url)

        // As the user manager loads it (--user), which needs a runtime folder of its own.
        let runtime = home.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.systemdAnalyze))
        process.arguments = ["--user", "verify", "--man=no", Self.unitPath]
        process.environment = ["HOME": home.path, "XDG_RUNTIME_DIR": runtime.path, "PATH": "/usr/bin:/bin",
                               "SYSTEMD_LOG_COLOR": "0"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let complaints = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(complaints)")
        // Unknown keys and bad values are only warnings to systemd: any line naming the unit is one.
        #expect(!complaints.contains("peach.service"), "\(complaints)")
    }
}
