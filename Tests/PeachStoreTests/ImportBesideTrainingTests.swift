import Foundation
import PeachCore
@testable import PeachStore
import Testing
#if canImport(Glibc)
import Glibc
import PeachTestSupport
#endif

/// Issue 34 item 18: a long `peach import` held the write lock past the store's busy timeout,
/// and the trainer's save of the answer just given failed ("database is locked"). A save now
/// waits for the import, saying so, and the answer is stored.
@Suite("An import never costs a training answer", .timeLimit(.minutes(Patience.minutes(2))))
struct ImportBesideTrainingTests {
    enum Event: Sendable {
        case importHoldsLock
        case firstPartWritten
        case saveWaiting(String)
        case saved(failure: String?)
        case imported(failure: String?, comparisons: Int)
    }

    static func row(_ second: Int) -> String {
        let date = Date(timeIntervalSince1970: Double(RecordFixtures.march1 / 1000 + Int64(second)))
        return "pitchDiscrimination,\(date.formatted(.iso8601)),60,C4,60,C4,P1,equalTemperament,12.5,true,,\n"
    }

    @Test("a trial saved while an import holds the store (one SQLite file, two connections) waits, says so, and is stored")
    func trialSavedBehindImport() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let fifo = directory.path("import.csv")
        try #require(mkfifo(fifo, 0o600) == 0)
        // Read and write: opening never blocks, and the import reads to its end only once this closes.
        let pipe = open(fifo, O_RDWR | O_CLOEXEC)
        try #require(pipe >= 0)
        var pipeOpen = true
        func endOfFile() { if pipeOpen { close(pipe); pipeOpen = false } }
        defer { endOfFile() }

        let importer = try TrainingStore(location: directory.location)
        let trainer = try TrainingStore(location: directory.location, busyNoticeAfter: .zero)
        let (events, sink) = AsyncStream<Event>.makeStream()
        trainer.onBusyWait { sink.yield(.saveWaiting($0)) }

        // More rows than the import's progress interval: it reports progress from inside its
        // transaction, which is how the test knows the lock is held.
        let firstRows = 5000, lastRows = 10
        let head = PeachExportFormat.metadataLine + "\n" + PeachExportFormat.header + "\n"
        let firstPart = head + (0..<firstRows).map(Self.row).joined()
        let lastPart = (firstRows..<firstRows + lastRows).map(Self.row).joined()
        Thread {
            Self.write(firstPart, to: pipe)
            sink.yield(.firstPartWritten)
        }.start()
        Thread {
            var failure: String?, comparisons = 0
            do {
                var rows = try ImportReader(source: try ImportSource(path: fifo))
                var told = false
                let outcome = try importer.importRows(&rows, mode: .merge, skipInvalid: false) { _ in
                    if !told { told = true; sink.yield(.importHoldsLock) }
                }
                comparisons = outcome.summary.comparisonsImported
            } catch {
                failure = "\(error)"
            }
            sink.yield(.imported(failure: failure, comparisons: comparisons))
        }.start()

        var notice: String?, saveFailure: String??, importOutcome: (failure: String?, comparisons: Int)?
        var firstPartWritten = false
        // The rest of the file, once the save waits behind the import and the first part is in.
        func finishFile() {
            guard notice != nil, firstPartWritten, pipeOpen else { return }
            Self.write(lastPart, to: pipe)
            endOfFile()
        }
        for await event in events {
            switch event {
            case .importHoldsLock:
                Task {
                    do {
                        try await trainer.save(RecordFixtures.comparison(at: RecordFixtures.march1 - 60_000, offset: 5, correct: true))
                        sink.yield(.saved(failure: nil))
                    } catch {
                        sink.yield(.saved(failure: "\(error)"))
                    }
                }
            case .firstPartWritten:
                firstPartWritten = true
                finishFile()
            case .saveWaiting(let message):
                // The save waits behind the import: let the import finish now.
                if notice == nil { notice = message }
                finishFile()
            case .saved(let failure):
                saveFailure = .some(failure)
                endOfFile()
            case .imported(let failure, let comparisons):
                importOutcome = (failure, comparisons)
            }
            if saveFailure != nil, importOutcome != nil { break }
        }
        #expect(saveFailure == .some(nil), "the answer was lost: \(String(describing: saveFailure))")
        #expect(importOutcome?.failure == nil)
        #expect(importOutcome?.comparisons == firstRows + lastRows)
        #expect(try trainer.counts().comparisons == firstRows + lastRows + 1)
        let said = try #require(notice)
        #expect(said.contains("busy") && said.contains("waiting"), "\(said)")
    }

    private static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 { if errno == EINTR { continue } else { return } }
            bytes = bytes.dropFirst(written)
        }
    }
}
