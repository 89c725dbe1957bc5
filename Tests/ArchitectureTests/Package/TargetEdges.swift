/// The target graph as the architecture draws it (Package.swift's comment, docs/design.md): for
/// each target of the product, the package's own targets it may depend on, no more and no fewer.
/// An edge nobody drew (the report reading the store, the trainer running a tool, the core
/// importing anything) fails ArchitectureTests until the drawing, this table and the reason agree.
enum TargetEdges {
    static let allowed: [String: Set<String>] = [
        "PeachCore": [],
        "PeachRig": ["PeachCore"],
        "PeachSimulation": ["PeachCore"],
        "PeachFiles": ["PeachCore"],
        "PeachReport": ["PeachCore"],
        "PeachTerminal": ["PeachCore"],
        "PeachSettings": ["PeachCore", "PeachRig", "PeachFiles"],
        "ALSASequencer": ["CAlsa"],
        "PeachALSA": ["PeachCore", "PeachRig", "ALSASequencer"],
        "PeachStore": ["PeachCore", "PeachRig", "PeachFiles", "PeachReport"],
        "PeachTrainer": ["PeachCore", "PeachRig", "PeachALSA", "ALSASequencer", "PeachTerminal"],
        "PeachTools": ["PeachCore", "PeachRig", "PeachALSA", "ALSASequencer"],
        "peach": ["PeachCore", "PeachRig", "PeachSettings", "PeachALSA", "ALSASequencer", "PeachStore", "PeachReport",
                  "PeachFiles", "PeachTerminal", "PeachTrainer", "PeachTools"],
        "store-crash-writer": ["PeachCore", "PeachRig", "PeachStore", "PeachTerminal"],
        "PeachTestSupport": ["PeachCore", "PeachRig", "PeachSimulation"],
    ]

    /// System-library targets, which dump-package's reading leaves out of `targets` but which
    /// others depend on by name.
    static let systemTargets: Set<String> = ["CAlsa"]

    struct Difference: Hashable, CustomStringConvertible {
        let target: String
        /// Edges the table does not allow.
        let added: Set<String>
        /// Edges the table draws that Package.swift no longer has.
        let missing: Set<String>
        /// A target the table does not know at all.
        let unknown: Bool

        var description: String {
            if unknown { return "\(target) is not in TargetEdges.allowed: draw its edges there (and in Package.swift's comment and docs/design.md)" }
            return "\(target): " + [added.isEmpty ? nil : "new edge(s) to \(added.sorted().joined(separator: ", "))",
                                    missing.isEmpty ? nil : "edge(s) gone to \(missing.sorted().joined(separator: ", "))"]
                .compactMap { $0 }.joined(separator: "; ")
        }
    }

    /// Compares each non-test target's edges to the package's own targets with `allowed`;
    /// products of other packages (GRDB, ArgumentParser, …) are not edges of this graph.
    static func differences(in package: PackageTargets, allowed: [String: Set<String>] = allowed) -> [Difference] {
        let tests = Set(package.targets.filter { $0.path.hasPrefix("Tests/") && $0.name.hasSuffix("Tests") }.map(\.name))
        let own = Set(package.targets.map(\.name)).union(systemTargets)
        return package.targets.filter { !tests.contains($0.name) }.sorted { $0.name < $1.name }.compactMap { target in
            let edges = target.dependencies.intersection(own)
            guard let drawn = allowed[target.name] else {
                return Difference(target: target.name, added: edges, missing: [], unknown: true)
            }
            guard edges != drawn else { return nil }
            return Difference(target: target.name, added: edges.subtracting(drawn), missing: drawn.subtracting(edges), unknown: false)
        }
    }
}
