import Foundation
import PeachTestSupport
import Testing

@Suite("Package.swift declares every module each target imports", .timeLimit(.minutes(Patience.minutes(1))))
struct DeclaredImportsTests {
    @Test func everyImportIsDeclared() async throws {
        let package = try await PackageTargets.dump()
        #expect(package.targets.contains { $0.name == "PeachCore" } && package.targets.contains { $0.name == "peach" })
        var undeclared: [DeclaredImports.Undeclared] = []
        var files = 0
        for target in package.targets {
            let sources = try DeclaredImports.swiftSources(under: target.path)
            files += sources.count
            undeclared += DeclaredImports.undeclared(target: target, sources: sources)
        }
        #expect(files > 300, "found only \(files) Swift files in the targets' folders")
        #expect(undeclared.isEmpty, "\(undeclared.map(\.description).joined(separator: "\n"))")
    }

    @Test func theCheckerFindsAnUndeclaredImport() {
        let target = PackageTargets.Target(name: "peach", path: "Sources/peach", dependencies: ["PeachCore", "PeachALSA"])
        let sources = [
            (path: "Sources/peach/A.swift", text: "import Foundation
import PeachTestSupport\nimport PeachCore\n@testable import ALSASequencer\n"),
            (path: "Sources/peach/B.swift", text: "// import GRDB\nimport PeachALSA\nimport ALSASequencer\n"),
        ]
        #expect(DeclaredImports.undeclared(target: target, sources: sources)
                == [.init(target: "peach", module: "ALSASequencer", file: "Sources/peach/A.swift")])
    }

    @Test func dumpPackageDependenciesAreRead() throws {
        let json = """
            {"targets": [
              {"name": "PeachStore", "type": "regular", "path": null, "dependencies": [
                {"byName": ["PeachCore", null]}, {"product": ["GRDB", "GRDB.swift", null, null]}]},
              {"name": "PeachCoreTests", "type": "test", "dependencies": [{"target": ["PeachCore", null]}]},
              {"name": "peach-bench-c", "type": "executable", "path": "Sources/PeachBenchC", "dependencies": []},
              {"name": "CAlsa", "type": "system", "dependencies": []}
            ]}
            """
        let package = try PackageTargets(dumpPackageJSON: Data(json.utf8))
        #expect(package.targets == [
            .init(name: "PeachStore", path: "Sources/PeachStore", dependencies: ["PeachCore", "GRDB"]),
            .init(name: "PeachCoreTests", path: "Tests/PeachCoreTests", dependencies: ["PeachCore"]),
            .init(name: "peach-bench-c", path: "Sources/PeachBenchC", dependencies: []),
        ])
    }
}
