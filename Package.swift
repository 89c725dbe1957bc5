// swift-tools-version: 6.2
import PackageDescription

// Dependency direction (arrows point at what a target may import; Tests/ArchitectureTests pins
// every edge between these targets, TargetEdges.swift):
//   peach (executable, the one composition root: settings, store, sequencer, signals)
//     -> PeachTrainer (training) -> PeachCore, PeachRig, PeachALSA, ALSASequencer, PeachTerminal, AsyncAlgorithms
//     -> PeachTools (doctor, learn, monitor, calibrate, synth set-up) -> PeachCore, PeachRig, PeachALSA, ALSASequencer
//     -> PeachSettings -> PeachCore, PeachRig, PeachFiles
//     -> PeachALSA -> PeachCore, PeachRig, ALSASequencer -> CAlsa (libasound)
//     -> PeachStore -> PeachCore, PeachRig, PeachFiles, PeachReport, GRDB (SQLite)
//     -> PeachReport (the profile: text, JSON, SVG, tallies) -> PeachCore
//     -> PeachFiles (0700 folders, atomic file replacement) -> PeachCore, swift-system
//     -> PeachTerminal (raw mode, keys, text out) -> PeachCore
//     -> PeachRig -> PeachCore
//     -> PeachCore
//   PeachSimulation (simulated listeners driving the real sessions) -> PeachCore
// The benchmarks (BENCHMARKS.md) are a package of their own, Benchmarks/, so this package's build and
// tests never compile them; it uses the library products below through its path dependency.
// PeachCore is the domain: it imports nothing but the toolchain and names no MIDI wire concept.
// PeachRig is the rig's configuration in MIDI terms (ports, channel, bend range, sound, controller
// mapping, feedback cue). ALSASequencer knows MIDI and ALSA but not Peach; PeachALSA adapts one to
// the other. Every target declares each module it imports (Tests/ArchitectureTests checks both).
let package = Package(
    name: "Peach",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "peach", targets: ["peach"]),
        .library(name: "PeachCore", targets: ["PeachCore"]),
        // For the benchmark package (Benchmarks/), which measures these parts on their own.
        .library(name: "PeachRig", targets: ["PeachRig"]),
        .library(name: "PeachSimulation", targets: ["PeachSimulation"]),
        .library(name: "ALSASequencer", targets: ["ALSASequencer"]),
        .library(name: "PeachALSA", targets: ["PeachALSA"]),
        .library(name: "PeachStore", targets: ["PeachStore"]),
        .library(name: "PeachReport", targets: ["PeachReport"]),
        .library(name: "PeachTools", targets: ["PeachTools"]),
        // For `peach-bench live-path`, which drives the trainer's input route on its own.
        .library(name: "PeachTrainer", targets: ["PeachTrainer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0",
                 traits: [.defaults, "YAML", "Reloading"]),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.0.0"),
    ],
    targets: [
        .target(name: "PeachCore"),
        // The rig's configuration: what no session reads, in MIDI terms.
        .target(name: "PeachRig", dependencies: ["PeachCore"]),
        // Simulated listeners answering the real sessions (a silent player, a virtual clock):
        // what peach-bench's threshold figure and the tests measure the estimates against.
        .target(name: "PeachSimulation", dependencies: ["PeachCore"]),
        // The user's files on disk: 0700 folders, atomic whole-file replacement (swift-system).
        .target(name: "PeachFiles", dependencies: ["PeachCore", .product(name: "SystemPackage", package: "swift-system")]),
        .target(
            name: "PeachSettings",
            dependencies: [
                "PeachCore",
                "PeachRig",
                "PeachFiles",
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .systemLibrary(
            name: "CAlsa",
            pkgConfig: "alsa",
            providers: [.apt(["libasound2-dev"])]
        ),
        .target(name: "ALSASequencer", dependencies: ["CAlsa"]),
        .target(name: "PeachALSA", dependencies: ["PeachCore", "PeachRig", "ALSASequencer"]),
        // The terminal: raw mode, keys in, text out (no training vocabulary beyond the core's inputs).
        .target(name: "PeachTerminal", dependencies: ["PeachCore"]),
        // What `peach train` runs, given the objects the composition root made: the Trainer, its
        // status line, presenters and reports, the feedback cue. No settings files, no database,
        // no argument parsing.
        .target(name: "PeachTrainer",
                dependencies: ["PeachCore", "PeachRig", "PeachALSA", "ALSASequencer", "PeachTerminal",
                               .product(name: "AsyncAlgorithms", package: "swift-async-algorithms")]),
        // The tools around training: `peach doctor`'s checks, `learn`, `monitor`, calibrate's
        // tap-along, and setting up the synth Peach starts (amsynth, FluidSynth's soundfonts).
        .target(name: "PeachTools", dependencies: ["PeachCore", "PeachRig", "PeachALSA", "ALSASequencer"]),
        // The profile as text, JSON and SVG, and the tallies and histories it is computed from:
        // pure computation on the core's records, fed by whoever reads them (the store).
        .target(name: "PeachReport", dependencies: ["PeachCore"]),
        .target(
            name: "PeachStore",
            dependencies: ["PeachCore", "PeachRig", "PeachFiles", "PeachReport", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .executableTarget(
            name: "peach",
            dependencies: [
                "PeachCore",
                "PeachRig",
                "PeachSettings",
                "PeachALSA",
                "ALSASequencer",
                "PeachStore",
                "PeachReport",
                "PeachFiles",
                "PeachTerminal",
                "PeachTrainer",
                "PeachTools",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Test-only: records trials until it is killed, reporting each committed one. The crash-safety
        // test and benchmark figure 11 run it; built beside `peach`, never installed, not in its binary.
        .executableTarget(name: "store-crash-writer",
                          dependencies: ["PeachCore", "PeachRig", "PeachStore", "PeachTerminal",
                                         .product(name: "ArgumentParser", package: "swift-argument-parser")],
                          path: "Tests/StoreCrashWriter"),
        // Fakes the test targets share (a manual clock, seeded randomness, in-memory settings).
        .target(name: "PeachTestSupport", dependencies: ["PeachCore", "PeachRig", "PeachSimulation"],
                path: "Tests/PeachTestSupport"),
        .testTarget(name: "PeachCoreTests", dependencies: ["PeachCore", "PeachTestSupport"]),
        .testTarget(name: "PeachRigTests", dependencies: ["PeachRig", "PeachCore"]),
        .testTarget(name: "PeachSimulationTests", dependencies: ["PeachSimulation", "PeachCore"]),
        .testTarget(name: "PeachFilesTests", dependencies: ["PeachFiles"]),
        .testTarget(name: "PeachSettingsTests", dependencies: ["PeachSettings", "PeachCore", "PeachRig", "PeachTestSupport",
                                                                    .product(name: "Configuration", package: "swift-configuration")]),
        .testTarget(name: "ALSASequencerTests", dependencies: ["ALSASequencer", "CAlsa", "PeachTestSupport"]),
        .testTarget(name: "PeachALSATests",
                    dependencies: ["PeachALSA", "ALSASequencer", "PeachCore", "PeachRig", "PeachTestSupport"]),
        .testTarget(name: "PeachStoreTests",
                    dependencies: ["PeachStore", "PeachReport", "PeachCore", "PeachRig", "PeachTestSupport", "PeachSimulation",
                                   .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "PeachReportTests", dependencies: ["PeachReport", "PeachCore", "PeachTestSupport", "PeachSimulation"]),
        .testTarget(name: "PeachTerminalTests", dependencies: ["PeachTerminal", "PeachCore", "PeachTestSupport"]),
        // Also home of the toy discipline that proves a discipline is one folder: it runs through
        // the trainer, the store, export, import and the profile.
        .testTarget(name: "PeachTrainerTests",
                    dependencies: ["PeachTrainer", "PeachALSA", "ALSASequencer", "PeachCore", "PeachRig", "PeachTerminal",
                                   "PeachTestSupport", "PeachStore"]),
        .testTarget(name: "PeachToolsTests",
                    dependencies: ["PeachTools", "PeachALSA", "ALSASequencer", "PeachCore", "PeachRig", "PeachTestSupport"]),
        // Reads the sources and `swift package dump-package`: PeachCore imports only the toolchain and
        // names no MIDI wire concept; every target declares each module it imports.
        .testTarget(name: "ArchitectureTests", dependencies: ["PeachTestSupport"]),
        // Runs the built `peach` executable: help texts and the error paths that need no sequencer.
        .testTarget(name: "PeachCommandTests", dependencies: ["PeachTestSupport"]),
        // Runs inside a VM with the kernel's sequencer (scripts/alsa-vm); skips loudly elsewhere.
        .testTarget(name: "ALSAIntegrationTests",
                    dependencies: ["PeachALSA", "ALSASequencer", "PeachCore", "PeachRig", "PeachStore", "PeachTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// Our own code builds without warnings; dependencies keep their own settings.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.treatAllWarnings(as: .error)]
}
