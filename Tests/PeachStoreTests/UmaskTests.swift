import Foundation
import PeachTestSupport
import Testing
@testable import PeachStore

/// The umask is the process's, so these run `peach` in a shell that sets it to 000 (the widest)
/// rather than changing it under the other tests of this process.
@Suite("Private files and folders whatever the umask", .timeLimit(.minutes(Patience.minutes(1))))
struct UmaskTests {
    private func runUnderOpenUmask(_ arguments: [String], in directory: TemporaryStoreDirectory,
                                   environment extra: [String: String] = [:]) async throws -> PeachExecutable.Outcome {
        let peach = try PeachExecutable()
        return try await PeachExecutable(url: URL(fileURLWithPath: "/bin/sh")).run(
            ["-c", "umask 000; exec \"$0\" \"$@\"", peach.url.path] + arguments, in: directory, environment: extra)
    }

    private func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber).intValue
    }

    @Test("import into new nested folders, export and the profile's SVG: folders 0700, files 0600")
    func storeFilesArePrivate() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let csv = try directory.write(ImportTests.header
            + "pitchDiscrimination,2026-03-01T00:00:00Z,60,C4,60,C4,P1,equalTemperament,5.0,true,,\n", to: "one.csv")
        let data = directory.path("a/b/c")
        for arguments in [["import", csv], ["export", directory.path("out.csv")], ["profile", "--svg", directory.path("out.svg")]] {
            let outcome = try await runUnderOpenUmask(arguments + ["--data-dir", data], in: directory)
            #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
        }
        for folder in ["a", "a/b", "a/b/c"] { #expect(try mode(directory.path(folder)) == 0o700, "\(folder)") }
        for file in ["a/b/c/peach.sqlite", "out.csv", "out.svg"] { #expect(try mode(directory.path(file)) == 0o600, "\(file)") }
        #expect(try String(contentsOfFile: directory.path("out.csv"), encoding: .utf8).hasPrefix(PeachExportFormat.metadataLine))
    }

    @Test("an export replaces an existing file with a private one")
    func exportReplacesWidelyReadableFile() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let out = try directory.write("old", to: "out.csv")
        chmod(out, 0o666)
        let outcome = try await runUnderOpenUmask(["export", out, "--data-dir", directory.path("data")], in: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(try mode(out) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).allSatisfy { !$0.hasSuffix(".tmp") })
    }

    @Test("peach settings set creates the config folders 0700")
    func configFoldersArePrivate() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let outcome = try await runUnderOpenUmask(["settings", "set", "noteDuration", "1.5"], in: directory,
                                                  environment: ["XDG_CONFIG_HOME": directory.path("cfg/x")])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        for folder in ["cfg", "cfg/x", "cfg/x/peach"] { #expect(try mode(directory.path(folder)) == 0o700, "\(folder)") }
        #expect(FileManager.default.fileExists(atPath: directory.path("cfg/x/peach/config.yaml")))
    }
}
