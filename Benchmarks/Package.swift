// swift-tools-version: 6.2
import PackageDescription

// The benchmarks (BENCHMARKS.md, scripts/bench): a package of their own beside the product, so the
// product's build and tests (`swift build --build-tests`, CI) never compile them. They use the
// product's library products through the parent folder:
//   peach-bench -> PeachCore, PeachRig, PeachSimulation, PeachALSA, ALSASequencer, PeachStore,
//     PeachTools (figure 16 starts amsynth with Peach's own AmsynthSetup), PeachTrainer (`live-path`:
//     the input route's per-event cost, natively), ArgumentParser;
//     it runs `peach` as a separate process for the end-to-end figures, and `peach-bench-c`
//     (C, libasound only) as the baseline of figures 3 and 15.
// scripts/bench builds this package into the product's own build folder (--scratch-path), so the
// product's modules it shares are compiled once, and `peach` lies beside `peach-bench`.
let package = Package(
    name: "PeachBenchmarks",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "peach-bench", targets: ["PeachBench"]),
        .executable(name: "peach-bench-c", targets: ["peach-bench-c"]),
    ],
    dependencies: [
        .package(name: "Peach", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .executableTarget(
            name: "PeachBench",
            dependencies: [
                .product(name: "PeachCore", package: "Peach"),
                .product(name: "PeachRig", package: "Peach"),
                .product(name: "PeachSimulation", package: "Peach"),
                .product(name: "PeachALSA", package: "Peach"),
                .product(name: "ALSASequencer", package: "Peach"),
                .product(name: "PeachStore", package: "Peach"),
                .product(name: "PeachReport", package: "Peach"),
                .product(name: "PeachTools", package: "Peach"),
                .product(name: "PeachTrainer", package: "Peach"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
        // The baseline of figures 3 and 15: a bare C client (libasound only) that schedules the
        // same notes on the same kind of queue; peach-bench runs it from beside itself.
        .executableTarget(
            name: "peach-bench-c",
            path: "Sources/PeachBenchC",
            cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])],
            linkerSettings: [.linkedLibrary("asound")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
