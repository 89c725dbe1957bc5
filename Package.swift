// swift-tools-version: 6.2
import PackageDescription

// Dependency direction (arrows point at what a target may import):
//   peach (executable, the one composition root)
//     -> PeachSettings -> PeachCore
//     -> PeachCore
// PeachCore is the domain: it imports nothing but the toolchain.
let package = Package(
    name: "Peach",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "peach", targets: ["peach"]),
        .library(name: "PeachCore", targets: ["PeachCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0",
                 traits: [.defaults, "YAML", "Reloading"]),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "PeachCore"),
        .target(
            name: "PeachSettings",
            dependencies: [
                "PeachCore",
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "peach",
            dependencies: [
                "PeachCore",
                "PeachSettings",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "PeachCoreTests", dependencies: ["PeachCore"]),
        .testTarget(name: "PeachSettingsTests", dependencies: ["PeachSettings", "PeachCore"]),
    ],
    swiftLanguageModes: [.v6]
)

// Our own code builds without warnings; dependencies keep their own settings.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.treatAllWarnings(as: .error)]
}
