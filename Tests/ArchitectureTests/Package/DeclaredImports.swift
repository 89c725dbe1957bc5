import Foundation

/// Every module a target's sources import must be one it declares in Package.swift: SwiftPM
/// builds an undeclared import only by luck of the build order, and the target graph must show
/// the architecture.
enum DeclaredImports {
    /// Modules of the toolchain and the platform, which no target declares.
    static let toolchain: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Dispatch",
        "Synchronization", "Glibc", "Musl", "Darwin", "Testing", "XCTest", "_Concurrency", "Swift",
    ]

    struct Undeclared: Hashable, CustomStringConvertible {
        let target: String
        let module: String
        /// Where it is imported first, relative to the package root.
        let file: String

        var description: String { "\(target) imports \(module) (\(file)) but does not declare it in Package.swift" }
    }

    /// `sources`: each file of the target with its text.
    static func undeclared(target: PackageTargets.Target, sources: [(path: String, text: String)]) -> [Undeclared] {
        var found: [String: Undeclared] = [:]
        for source in sources.sorted(by: { $0.path < $1.path }) {
            for (_, module) in SwiftCode(source: source.text).importedModules
            where module != target.name && !toolchain.contains(module) && !target.dependencies.contains(module) {
                found[module] = found[module] ?? Undeclared(target: target.name, module: module, file: source.path)
            }
        }
        return found.values.sorted { $0.module < $1.module }
    }

    /// The Swift files under `folder` (relative to the package root), each with its text.
    static func swiftSources(under folder: String, root: URL = PackageTargets.packageRoot) throws -> [(path: String, text: String)] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        return try walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.map { url in
            (folder + "/" + url.path.dropFirst(base.path.count + 1), try String(contentsOf: url, encoding: .utf8))
        }
    }
}
