import Foundation
import PeachTestSupport
import Testing

@Suite("Package.swift's target graph is the drawn one, edge for edge", .timeLimit(.minutes(Patience.minutes(1))))
struct TargetEdgesTests {
    @Test("every target depends on exactly the targets drawn for it")
    func edgesAreTheDrawnOnes() async throws {
        let package = try await PackageTargets.dump()
        #expect(package.targets.contains { $0.name == "PeachReport" } && package.targets.contains { $0.name == "PeachTools" })
        let differences = TargetEdges.differences(in: package)
        #expect(differences.isEmpty, "\(differences.map(\.description).joined(separator: "\n"))")
    }

    /// A package like this one, with `edges` changed for one target.
    private static func package(_ name: String, dependsOn edges: Set<String>) -> PackageTargets {
        PackageTargets(targets: TargetEdges.allowed.map { target, drawn in
            PackageTargets.Target(name: target, path: "Sources/" + target,
                                  dependencies: (target == name ? edges : drawn).union(["GRDB", "ArgumentParser"]))
        } + [.init(name: "PeachStoreTests", path: "Tests/PeachStoreTests", dependencies: ["PeachStore", "PeachTools"])])
    }

    @Test("a new edge is found", arguments: [
        ("PeachReport", ["PeachCore", "PeachStore"], "PeachStore"),
        ("PeachTrainer", ["PeachCore", "PeachRig", "PeachALSA", "ALSASequencer", "PeachTerminal", "PeachTools"], "PeachTools"),
        ("PeachCore", ["PeachRig"], "PeachRig"),
    ])
    func findsANewEdge(target: String, edges: [String], added: String) {
        let differences = TargetEdges.differences(in: Self.package(target, dependsOn: Set(edges)))
        #expect(differences.map(\.target) == [target])
        #expect(differences.first?.added == [added] && differences.first?.missing == [])
    }

    @Test func theDrawnGraphPassesAndAGoneEdgeOrAnUnknownTargetIsFound() {
        #expect(TargetEdges.differences(in: Self.package("PeachStore", dependsOn: TargetEdges.allowed["PeachStore"]!)).isEmpty)
        let gone = TargetEdges.differences(in: Self.package("PeachStore", dependsOn: ["PeachCore", "PeachRig", "PeachFiles"]))
        #expect(gone.map(\.missing) == [["PeachReport"]])
        let unknown = TargetEdges.differences(in: PackageTargets(targets: [.init(name: "PeachBench", path: "Sources/PeachBench", dependencies: [])]))
        #expect(unknown.map(\.unknown) == [true])
    }
}
