import Foundation
import PeachTestSupport
import Testing

/// Issue 34 item 21: what a command prints as its result is checked when written. A full disk
/// (/dev/full) or a closed standard output is an error naming the cause with exit status 1, never
/// a cut-off result and status 0; a reader that went away (EPIPE) still ends quietly with 0.
@Suite("Standard output: failed writes are errors, a closed pipe is quiet", .timeLimit(.minutes(Patience.minutes(1))))
struct StandardOutputErrorsTests {
    struct Outcome {
        let status: Int32
        let stderr: String
    }

    /// Runs `peach arguments…` through the shell with standard output redirected by `redirection`
    /// (`> /dev/full`, `>&-`), in folders of its own.
    static func run(_ arguments: [String], redirection: String) throws -> Outcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-stdout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$@\" \(redirection)", "sh", PeachExecutable.url.path] + arguments
        process.environment = ["HOME": folder.path, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
                               "PEACH_DATA_DIR": folder.appendingPathComponent("data").path, "PATH": "/usr/bin:/bin"]
        let stderr = Pipe()
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stderr: text)
    }

    static let commands: [[String]] = [["export"], ["profile"], ["profile", "--json"], ["settings"],
                                       ["settings", "get", "midi.portWait"], ["settings", "defaults"]]

    @Test("> /dev/full: every result command fails with the cause and status 1", arguments: commands)
    func fullDevice(_ arguments: [String]) throws {
        let outcome = try Self.run(arguments, redirection: "> /dev/full")
        #expect(outcome.status == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("cannot write to standard output: No space left on device"), "\(outcome.stderr)")
    }

    @Test(">&-: a closed standard output is an error too", arguments: [["export"], ["profile"]])
    func closedOutput(_ arguments: [String]) throws {
        let outcome = try Self.run(arguments, redirection: ">&-")
        #expect(outcome.status == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("cannot write to standard output: Bad file descriptor"), "\(outcome.stderr)")
    }

    @Test("a reader that has gone (EPIPE) ends the export quietly with status 0")
    func closedPipe() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-stdout-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = PeachExecutable.url
        process.arguments = ["export"]
        process.environment = ["HOME": folder.path, "PEACH_DATA_DIR": folder.path]
        let output = Pipe(), stderr = Pipe()
        try output.fileHandleForReading.close()   // nobody will read: the first write meets EPIPE
        process.standardOutput = output
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(process.terminationReason == .exit)
        #expect(!text.contains("cannot write"), "\(text)")
    }
}
