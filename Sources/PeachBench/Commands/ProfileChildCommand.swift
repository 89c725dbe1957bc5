import ArgumentParser
import Foundation
import PeachCore
import PeachStore

/// Figure 8's child: does only what `peach train` does with the store at start-up (open it,
/// rebuild the profile), so its peak memory is that work's and not the benchmark's.
struct ProfileChildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile-child", abstract: "Rebuild the profile from a store once and report time and peak RSS (figure 8).",
        shouldDisplay: false)

    @Option(help: ArgumentHelp("The store's folder (holding peach.sqlite).", valueName: "path"))
    var store: String

    @Flag(help: "Open the store and count its records instead of building the profile.")
    var baseline = false

    func run() throws {
        let location = StoreLocation(directory: URL(fileURLWithPath: store))
        guard FileManager.default.fileExists(atPath: location.databasePath) else {
            throw ValidationError("--store: no \(StoreLocation.fileName) in \(store)")
        }
        let startKiB = ProfileChildReport.statusKiB("VmRSS")
        let clock = ContinuousClock()
        let began = clock.now
        let opened = try TrainingStore(location: location)
        let records: Int
        if baseline {
            let counts = try opened.counts()
            records = counts.comparisons + counts.matchings
        } else {
            let profile = try opened.loadProfile()
            records = TrainingDiscipline.allCases.reduce(0) { $0 + (profile.statistics(for: $1)?.count ?? 0) }
        }
        let elapsed = clock.now - began
        let report = ProfileChildReport(
            milliseconds: Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15,
            peakKiB: ProfileChildReport.statusKiB("VmHWM"), startKiB: startKiB, records: records)
        let data = try JSONEncoder().encode(report)
        print(String(decoding: data, as: UTF8.self))
    }
}
