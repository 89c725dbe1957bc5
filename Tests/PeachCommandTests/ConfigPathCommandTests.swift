import Foundation
import PeachTestSupport
import Testing

/// Settings paths that cannot be: one sentence naming the path and the cause.
@Suite("Settings paths through a file", .timeLimit(.minutes(Patience.minutes(2))))
struct ConfigPathCommandTests {
    @Test("XDG_CONFIG_HOME=/dev/null: a warning naming /dev/null as no folder, not an NSError dump")
    func devNull() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("peach-devnull-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["XDG_CONFIG_HOME": "/dev/null", "HOME": home.path]
        let get = try await PeachExecutable.run(["settings", "get", "velocity"], environment: environment)
        #expect(get.status == 0, "\(get)")
        #expect(get.stderr == "warning: user file /dev/null/peach/config.yaml: cannot be read: /dev/null on its path is "
                + "not a folder (is XDG_CONFIG_HOME or --config right?); ignoring it until it is fixed\n", "\(get)")
        let set = try await PeachExecutable.run(["settings", "set", "velocity", "80"], environment: environment)
        #expect(set.status == 1, "\(set)")
        #expect(!set.stderr.contains("NSCocoaErrorDomain"), "\(set)")
        #expect(set.stderr.contains("/dev/null on its path is not a folder"), "\(set)")
    }
}
