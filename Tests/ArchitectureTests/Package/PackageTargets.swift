import Foundation

/// The package's targets as SwiftPM reads Package.swift (`swift package dump-package`): each
/// target's sources folder and the modules it declares it depends on.
struct PackageTargets {
    struct Target: Hashable {
        let name: String
        /// Relative to the package root.
        let path: String
        /// Targets by name, and products by product name (each product used here is the module
        /// of the same name: GRDB, Configuration, Logging, ArgumentParser).
        let dependencies: Set<String>
    }

    let targets: [Target]

    init(targets: [Target]) {
        self.targets = targets
    }

    /// The folder that holds Package.swift, found from this file's place in Tests/.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Decodes dump-package's JSON; a target without a `path` lives where SwiftPM puts it by default.
    /// `folder`: where that package lies in this one ("" for this one), which each path starts with.
    init(dumpPackageJSON data: Data, folder: String = "") throws {
        let manifest = try JSONDecoder().decode(Manifest.self, from: data)
        let prefix = folder.isEmpty ? "" : folder + "/"
        targets = manifest.targets.filter { $0.type != "system" && $0.type != "binary" && $0.type != "plugin" }.map {
            Target(name: $0.name,
                   path: prefix + ($0.path ?? ($0.type == "test" ? "Tests/" : "Sources/") + $0.name),
                   dependencies: Set($0.dependencies.compactMap(\.name)))
        }
    }

    /// Runs `swift package dump-package` on this package, or on the package in its `folder`
    /// (Benchmarks). Its own scratch folder, so that it never waits for the lock of the `.build`
    /// the running tests came from.
    static func dump(folder: String = "") async throws -> PackageTargets {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("peach-dump-\(UUID().uuidString)")
        let output = scratch.appendingPathComponent("package.json")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        guard FileManager.default.createFile(atPath: output.path, contents: nil) else { throw DumpFailed(status: -1) }
        let handle = try FileHandle(forWritingTo: output)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", packageRoot.appendingPathComponent(folder).path,
                             "--scratch-path", scratch.appendingPathComponent("build").path, "dump-package"]
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        try handle.close()
        guard status == 0 else { throw DumpFailed(status: status) }
        return try PackageTargets(dumpPackageJSON: try Data(contentsOf: output), folder: folder)
    }

    struct DumpFailed: Error, CustomStringConvertible {
        let status: Int32
        var description: String {
            "`swift package dump-package` exited with \(status); is swift on PATH, and does Package.swift parse?"
        }
    }

    private struct Manifest: Decodable {
        let targets: [ManifestTarget]
    }

    private struct ManifestTarget: Decodable {
        let name: String
        let type: String
        let path: String?
        let dependencies: [Dependency]
    }

    /// `{"byName": ["PeachCore", null]}`, `{"target": [...]}` or `{"product": ["GRDB", "GRDB.swift", …]}`:
    /// the first element names it either way.
    private struct Dependency: Decodable {
        let name: String?

        init(from decoder: any Decoder) throws {
            name = try decoder.singleValueContainer().decode([String: FirstElement].self).values.first?.name
        }
    }

    private struct FirstElement: Decodable {
        let name: String?

        init(from decoder: any Decoder) throws {
            var elements = try decoder.unkeyedContainer()
            name = try elements.decodeIfPresent(String.self)
        }
    }
}
