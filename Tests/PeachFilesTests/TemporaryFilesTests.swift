import Foundation
import PeachFiles
import Testing

@Suite("Temporary files known while they are written")
struct TemporaryFilesTests {
    @Test("the temporary file is known from before it exists until it is renamed; removeAll unlinks one being written")
    func knownWhileWritten() throws {
        let folder = NSTemporaryDirectory() + "peach-temporary-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = TemporaryFiles()
        let file = AtomicFile(temporaryPrefix: ".t-", inProgress: files)

        var seen: Set<String> = []
        try file.replace(folder + "/done.csv", mode: .exactly(0o600)) { write in
            seen = files.inProgress
            try Data("a,b\n".utf8).withUnsafeBytes { try write($0) }
        }
        #expect(seen.count == 1 && seen.first?.hasPrefix(folder + "/.t-") == true, "\(seen)")
        #expect(files.inProgress.isEmpty, "renamed into place: nothing left to remove")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["done.csv"])

        // A signal's clean-up while the body writes (the process would end right after).
        _ = try? file.replace(folder + "/cut.csv", mode: .exactly(0o600)) { write in
            try Data("a,b\n".utf8).withUnsafeBytes { try write($0) }
            files.removeAll()
            throw CancellationError()
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["done.csv"])
    }
}
