import Foundation
import PeachCore
@testable import PeachStore
import Testing
#if canImport(Glibc)
import Glibc
import PeachTestSupport
#endif

/// Issue 34 item 25: a store nobody may write (a backup on read-only media, a folder without
/// write permission) is read by profile and export, and doctor finds it sound, only unwritable.
/// As root, who may write anything, peach runs as nobody (setpriv) so the permissions count.
@Suite("A read-only store on the command line", .timeLimit(.minutes(Patience.minutes(1))))
struct ReadOnlyStoreCommandTests {
    private static let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")

    private func runPeach(_ arguments: [String], in directory: TemporaryStoreDirectory) async throws -> PeachExecutable.Outcome {
        let peach = try PeachExecutable()
        guard geteuid() == 0 else { return try await peach.run(arguments, in: directory) }
        return try await PeachExecutable(url: Self.setpriv)
            .run(["--reuid=65534", "--regid=65534", "--clear-groups", peach.url.path] + arguments, in: directory)
    }

    private func makeStore(_ directory: TemporaryStoreDirectory) async throws {
        let store = try TrainingStore(location: directory.location)
        try await store.save(RecordFixtures.comparison(at: RecordFixtures.march1, offset: 5, correct: true))
        try await store.save(RecordFixtures.matching(at: RecordFixtures.march1, initial: 5, error: 1))
    }

    @Test("profile, export and doctor read a store whose file and folder cannot be written",
          .enabled(if: geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")),
          arguments: [(file: mode_t(0o444), folder: mode_t(0o555)), (file: mode_t(0o444), folder: mode_t(0o777))])
    func readOnlyStore(file: mode_t, folder: mode_t) async throws {
        let directory = try TemporaryStoreDirectory()
        defer {
            chmod(directory.url.path, 0o700)
            directory.remove()
        }
        try await makeStore(directory)
        let before = try Data(contentsOf: directory.location.databaseURL)
        chmod(directory.databasePath, file)
        chmod(directory.url.path, folder)
        // A private folder was made 0700: its files and stdout captures must be reachable.
        let store = ["--data-dir", directory.url.path]

        let profile = try await runPeach(["profile", "--full"] + store, in: directory)
        #expect(profile.status == 0, "\(profile.stderr)")
        #expect(profile.stdout.contains("count 1"), "\(profile.stdout)")

        let export = try await runPeach(["export"] + store, in: directory)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout.contains("pitchDiscrimination,2026-03-01T00:00:00Z"), "\(export.stdout)")
        #expect(export.stdout.contains("pitchMatching,2026-03-01T00:00:00Z"), "\(export.stdout)")

        let doctor = try await runPeach(["doctor"] + store, in: directory)
        let line = doctor.stdout.split(separator: "\n").first { $0.contains("Training records") }.map(String.init) ?? ""
        #expect(line.contains("cannot be written"), "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("Move it aside") && !doctor.stdout.contains("not a usable"), "\(doctor.stdout)")
        #expect(try Data(contentsOf: directory.location.databaseURL) == before, "read, never changed")
    }
}
