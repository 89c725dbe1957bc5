import Foundation
import Glibc
import PeachCore
import PeachStore

/// Figure 11's writers: `peach import` of a small file and `store-crash-writer` (the training
/// recorder, a test-only executable of the product package), each started into one shared store
/// and killed; and what they reported, so that the end can look for every reported record by its
/// timestamp.
final class StoreWriters {
    enum Ending {
        case importFinished, importKilled
        /// Killed after reporting this many committed trials.
        case recorderKilled(reported: Int)
        case other(String)
    }

    struct Calibration {
        let importMilliseconds: Double
        let firstTrialMilliseconds: Double
    }

    private let context: BenchContext
    private let store: StoreLocation
    private let rowsPerImport: Int
    /// Import run → the seconds of its rows; recorder run → the milliseconds of its reported trials.
    private var reportedImports: [Int] = []
    private var reportedTrials: [Int64] = []

    /// 2026-01-05T18:00:00Z, the imports' first row; each import has its own seconds after it.
    private static let importStart: Int64 = 1_767_636_000
    /// 2026-05-28, the recorder's first trial; each run has its own million milliseconds.
    private static let recorderStart: Int64 = 1_780_000_000_000

    init(context: BenchContext, store: StoreLocation, rowsPerImport: Int) {
        self.context = context
        self.store = store
        self.rowsPerImport = rowsPerImport
    }

    /// One CSV file per import run, each with rows of its own.
    func prepareFiles(runs: Int) throws {
        for run in stride(from: 0, to: runs, by: 2) { try Self.csv(firstSecond: importSeconds(run), rows: rowsPerImport).write(to: file(run)) }
    }

    /// Medians of three unkilled runs (into a store of their own): an import's whole time, and
    /// the recorder's time to its first reported trial.
    func calibrate() async throws -> Calibration {
        let scratch = StoreLocation(directory: context.scratch.appendingPathComponent("calibration"))
        var imports: [Double] = [], firsts: [Double] = []
        for round in 0..<3 {
            let csv = context.scratch.appendingPathComponent("calibration-\(round).csv")
            try Self.csv(firstSecond: Self.importStart + 10_000_000 + Int64(round * rowsPerImport), rows: rowsPerImport).write(to: csv)
            let start = StartUp.monotonicNow()
            let importer = try PeachProcess(context, ["import", "--data-dir", scratch.directory.path, csv.path],
                                            folder: "calibration-import-\(round)")
            try await importer.succeeded()
            imports.append(Double(StartUp.monotonicNow() - start) / 1e6)

            let output = Pipe()
            let writerStart = StartUp.monotonicNow()
            let writer = try PeachProcess(context, ["--data-dir", scratch.directory.path,
                                                    "--first-timestamp", String(Self.recorderStart + 900_000_000 + Int64(round) * 1_000_000)],
                                          executable: try context.storeCrashWriter(),
                                          folder: "calibration-writer-\(round)", standardOutput: output)
            let reader = output.fileHandleForReading
            _ = await Task.detached { reader.availableData }.value
            firsts.append(Double(StartUp.monotonicNow() - writerStart) / 1e6)
            writer.signal(SIGKILL)
            _ = try await writer.exitStatus()
            try? reader.close()
        }
        return Calibration(importMilliseconds: Summary(imports).median, firstTrialMilliseconds: Summary(firsts).median)
    }

    func killImport(run: Int, after milliseconds: Double) async throws -> Ending {
        let output = Pipe()
        let importer = try PeachProcess(context, ["import", "--data-dir", store.directory.path, file(run).path],
                                        folder: "import-\(run)", standardOutput: output)
        try await Task.sleep(for: .microseconds(Int64(milliseconds * 1000)))
        importer.signal(SIGKILL)
        let status = try await importer.exitStatus()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        if importer.process.terminationReason == .uncaughtSignal { return .importKilled }
        guard status == 0, printed.contains("\(rowsPerImport) imported") else {
            return .other("import exited \(status): \(printed) \(importer.output)")
        }
        reportedImports.append(run)
        return .importFinished
    }

    func killRecorder(run: Int, after milliseconds: Double) async throws -> Ending {
        let output = Pipe()
        let writer = try PeachProcess(context, ["--data-dir", store.directory.path,
                                                "--first-timestamp", String(recorderFirst(run))],
                                      executable: try context.storeCrashWriter(), folder: "recorder-\(run)", standardOutput: output)
        try await Task.sleep(for: .microseconds(Int64(milliseconds * 1000)))
        writer.signal(SIGKILL)
        let status = try await writer.exitStatus()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard writer.process.terminationReason == .uncaughtSignal else {
            return .other("the recorder ended by itself with \(status): \(writer.output)")
        }
        // Only whole lines count: a line the kill cut off was not reported.
        let lines = printed.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        for line in lines {
            guard let milliseconds = line.split(separator: " ").last.flatMap({ Int64($0) }) else {
                return .other("the recorder printed \"\(line)\"")
            }
            reportedTrials.append(milliseconds)
        }
        return .recorderKilled(reported: lines.count)
    }

    /// Read-only, with no writer alive: the integrity check and the number of rows.
    func inspect() throws -> (integrity: [String], records: Int) {
        guard let inspection = try StoreInspection.inspect(store) else { return (["ok"], 0) }
        return (inspection.integrity, inspection.total)
    }

    /// Every reported record looked up by its timestamp in the store as it is at the end.
    func reportedButMissing() throws -> [String] {
        guard FileManager.default.fileExists(atPath: store.databasePath) else { return reportedImports.isEmpty && reportedTrials.isEmpty ? [] : ["no store"] }
        let opened = try TrainingStore(location: store, mode: .readOnly)
        var stored = Set(try opened.comparisons().map { RecordTimestamp.milliseconds(of: $0.record.timestamp) })
        stored.formUnion(try opened.matchings().map { RecordTimestamp.milliseconds(of: $0.record.timestamp) })
        var missing: [String] = []
        for run in reportedImports {
            let absent = (0..<Int64(rowsPerImport)).filter { !stored.contains((importSeconds(run) + $0) * 1000) }
            if !absent.isEmpty { missing.append("import \(run): \(absent.count) rows") }
        }
        missing += reportedTrials.filter { !stored.contains($0) }.map { "trial \($0)" }
        return missing
    }

    private func file(_ run: Int) -> URL { context.scratch.appendingPathComponent("import-\(run).csv") }
    private func importSeconds(_ run: Int) -> Int64 { Self.importStart + Int64(run / 2 * rowsPerImport) }
    private func recorderFirst(_ run: Int) -> Int64 { Self.recorderStart + Int64(run / 2) * 1_000_000 }

    /// An export-format file of comparison rows, one second apart.
    static func csv(firstSecond: Int64, rows: Int) -> Data {
        let formatter = ISO8601DateFormatter()
        var text = "# peach-export-format:1\ntrainingType,timestamp,referenceNote,referenceNoteName,targetNote,"
            + "targetNoteName,interval,tuningSystem,centOffset,isCorrect,initialCentOffset,userCentError\n"
        for row in 0..<rows {
            let time = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(firstSecond + Int64(row))))
            text += "pitchDiscrimination,\(time),60,C4,67,G4,P5,equalTemperament,\(row % 50 + 1).5,\(row % 3 != 0),,\n"
        }
        return Data(text.utf8)
    }
}
