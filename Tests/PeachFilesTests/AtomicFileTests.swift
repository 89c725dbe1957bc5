import Foundation
import PeachFiles
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A scratch folder of its own per test.
private struct Scratch {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "peach-files-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    func mode(of name: String) -> mode_t? {
        var info = stat()
        guard stat(path + "/" + name, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    var names: [String] { (try? FileManager.default.contentsOfDirectory(atPath: path).sorted()) ?? [] }
}

private struct SimulatedCrash: Error {}

@Suite("Atomic file replacement and private folders")
struct AtomicFileTests {
    // The umask is the process's: tests running beside these must not see it changed, so the
    // modes asked for here differ from what open() creates (0600) instead.
    @Test("a new file gets exactly the mode asked for, set after open, and its whole contents")
    func exactMode() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let data = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0) })
        try AtomicFile(temporaryPrefix: ".t-").replace(scratch.path + "/records.csv", with: data, mode: .exactly(0o640))
        #expect(scratch.mode(of: "records.csv") == 0o640)
        #expect(FileManager.default.contents(atPath: scratch.path + "/records.csv") == data)
        #expect(scratch.names == ["records.csv"], "no temporary file is left")
    }

    @Test("an existing file keeps the mode its owner gave it; a new one gets the default")
    func existingModeIsKept() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = AtomicFile(temporaryPrefix: ".t-")
        try file.replace(scratch.path + "/config.yaml", with: Data("a: 1\n".utf8), mode: .existingOr(0o644))
        #expect(scratch.mode(of: "config.yaml") == 0o644)
        chmod(scratch.path + "/config.yaml", 0o640)
        try file.replace(scratch.path + "/config.yaml", with: Data("a: 2\n".utf8), mode: .existingOr(0o644))
        #expect(scratch.mode(of: "config.yaml") == 0o640)
        #expect(FileManager.default.contents(atPath: scratch.path + "/config.yaml") == Data("a: 2\n".utf8))
    }

    @Test("a crash before the rename leaves the old file as it was and no temporary file")
    func crashBeforeRename() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let target = scratch.path + "/config.yaml"
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: target))
        let crashing = AtomicFile(temporaryPrefix: ".t-") { _, _ in throw SimulatedCrash() }
        #expect(throws: SimulatedCrash.self) { try crashing.replace(target, with: Data("new\n".utf8), mode: .exactly(0o600)) }
        #expect(FileManager.default.contents(atPath: target) == Data("old\n".utf8))
        #expect(scratch.names == ["config.yaml"])
    }

    @Test("a folder that cannot take the temporary file: an error naming it, with the system's reason")
    func unwritableFolder() throws {
        let error = try #require(throws: FileWriteError.self) {
            try AtomicFile(temporaryPrefix: ".t-").replace("/proc/peach-test/x", with: Data(), mode: .exactly(0o600))
        }
        #expect(error.path.hasPrefix("/proc/peach-test/.t-"))
        #expect(!error.reason.isEmpty)
    }

    @Test("private folders: each missing one made 0700; a file in the way is named")
    func privateFolders() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Folders.createPrivate(scratch.path + "/a/b")
        #expect(scratch.mode(of: "a") == 0o700)
        #expect(scratch.mode(of: "a/b") == 0o700)
        try Folders.createPrivate(scratch.path + "/a/b")   // there already: fine
        try Data().write(to: URL(fileURLWithPath: scratch.path + "/file"))
        let error = try #require(throws: FileWriteError.self) { try Folders.createPrivate(scratch.path + "/file/c") }
        #expect(error.path == scratch.path + "/file/c")
    }

    @Test("an empty file is made once with exactly its mode; a second time says it was there")
    func emptyFile() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        #expect(try EmptyFile.create(scratch.path + "/peach.sqlite", mode: 0o640))
        #expect(scratch.mode(of: "peach.sqlite") == 0o640)
        #expect(try !EmptyFile.create(scratch.path + "/peach.sqlite", mode: 0o600))
        #expect(scratch.mode(of: "peach.sqlite") == 0o640, "what was there is left alone")
    }

    @Test("a named pipe is written straight into, not replaced")
    func namedPipe() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let pipe = scratch.path + "/fifo"
        #expect(mkfifo(pipe, 0o600) == 0)
        #expect(FileKind.of(pipe) == .namedPipe)
        let reader = Task.detached { FileHandle(forReadingAtPath: pipe)?.readDataToEndOfFile() }
        try AtomicFile.writeStraight(into: pipe, Data("through\n".utf8))
        #expect(await reader.value == Data("through\n".utf8))
        #expect(FileKind.of(pipe) == .namedPipe)
    }
}
