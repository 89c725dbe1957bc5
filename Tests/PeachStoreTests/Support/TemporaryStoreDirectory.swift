import Foundation
import PeachStore

/// A fresh folder for one test's database and files; call `remove()` in a defer.
struct TemporaryStoreDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("peach-store-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var location: StoreLocation { StoreLocation(directory: url) }
    var databasePath: String { location.databasePath }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func write(_ text: String, to name: String) throws -> String {
        let path = path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
