import Foundation
import PeachTestSupport
import Testing

@Suite("Package.swift declares every module each target imports", .timeLimit(.minutes(Patience.minutes(1))))
struct DeclaredImportsTests {
    @Test("every import is declared, in the product package and in the benchmark package (Benchmarks/)")
    func everyImportIsDeclared() async throws {
        let package = try await PackageTargets.dump()
        let benchmarks = try await PackageTargets.dump(folder: "Benchmarks")
        #expect(package.targets.contains { $0.name == "PeachCore" } && package.targets.contains { $0.name == "peach" })
        #expect(benchmarks.targets.contains { $0.name == "PeachBench" && $0.path == "Benchmarks/Sources/PeachBench" })
        var undeclared: [DeclaredImports.Undeclared] = []
        var files = 0
        for target in package.targets + benchmarks.targets {
            let sources = try DeclaredImports.swiftSources(under: target.path)
            files += sources.count
            undeclared += DeclaredImports.undeclared(target: target, sources: sources)
        }
        #expect(files > 300, "found only \(files) Swift files in the targets' folders")
        #expect(undeclared.isEmpty, "\(undeclared.map(\.description).joined(separator: "\n"))")
    }

    @Test("the product package builds no benchmark: they live in Benchmarks/, a package of their own")
    func noBenchmarkInTheProduct() async throws {
        let package = try await PackageTargets.dump()
        let benchmarks = Set(try await PackageTargets.dump(folder: "Benchmarks").targets.map(\.name))
        #expect(benchmarks == ["PeachBench", "peach-bench-c"])
        #expect(package.targets.filter { benchmarks.contains($0.name) || $0.path.contains("Bench") }.isEmpty)
    }

    @Test func theCheckerFindsAnUndeclaredImport() {
        let target = PackageTargets.Target(name: "peach", path: "Sources/peach", dependencies: ["PeachCore", "PeachALSA"])
        let sources = [
            (path: "Sources/peach/A.swift", text: "import Foundation\nimport PeachCore\n@testable import ALSASequencer\n"),
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
        #expect(try PackageTargets(dumpPackageJSON: Data(json.utf8), folder: "Benchmarks").targets.map(\.path)
                == ["Benchmarks/Sources/PeachStore", "Benchmarks/Tests/PeachCoreTests", "Benchmarks/Sources/PeachBenchC"])
        #expect(package.targets == [
            .init(name: "PeachStore", path: "Sources/PeachStore", dependencies: ["PeachCore", "GRDB"]),
            .init(name: "PeachCoreTests", path: "Tests/PeachCoreTests", dependencies: ["PeachCore"]),
            .init(name: "peach-bench-c", path: "Sources/PeachBenchC", dependencies: []),
        ])
    }
}
