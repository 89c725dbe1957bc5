import Foundation

/// A fresh directory under the system's temporary directory; call `remove()` in a defer.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("peach-settings-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ relative: String) -> String {
        url.appendingPathComponent(relative).path
    }

    /// Writes `text` and stamps the file with `modified`: the reloading provider notices a
    /// change by its modification time, and an explicit one needs no sleeping in tests.
    func write(_ text: String, to relative: String, modified: Date = Date(timeIntervalSince1970: 1_000_000)) throws {
        let path = path(relative)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
    }

    func read(_ relative: String) -> Data? {
        FileManager.default.contents(atPath: path(relative))
    }

    func contents(of relative: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path(relative)).sorted()
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
