import Foundation
import PeachCore
import PeachTestSupport
import Testing
@testable import PeachStore

@Suite("Control characters from files and paths are escaped in messages", .timeLimit(.minutes(Patience.minutes(1))))
struct TerminalSafeTextTests {
    @Test("escapes: ESC, tab, line breaks, BEL, DEL, C1 CSI and a bidi override; plain text unchanged")
    func escapes() {
        #expect("\u{1B}[2J\t\n\r\u{07}\u{7F}\u{9B}\u{202E}".terminalSafe == "\\e[2J\\t\\n\\r\\x07\\x7F\\u{9B}\\u{202E}")
        #expect("C#4 → 12.5 c, Grüße".terminalSafe == "C#4 → 12.5 c, Grüße")
    }

    @Test("a CSV value with an escape sequence is shown escaped in the row's problem and the header's")
    func importMessagesAreEscaped() throws {
        let parsed = try PeachCSVParser.parse(ImportTests.header
            + "pitchDiscrimination,2026-03-01T00:00:00Z,60,C4,60,C4,P1,\u{1B}[31mequal,5.0,true,,\n")
        let message = "\(ImportError.invalidRows(parsed.invalidRows))"
        #expect(message.contains("value \"\\e[31mequal\""), "\(message)")
        #expect(!message.contains("\u{1B}"))
        let header = #expect(throws: ImportError.self) {
            try PeachCSVParser.parse(PeachExportFormat.metadataLine + "\n\u{1B}]0;pwned\u{07},timestamp\n")
        }
        let headerMessage = header.map { "\($0)" } ?? ""
        #expect(headerMessage.contains("found \"\\e]0;pwned\\x07\""), "\(headerMessage)")
        #expect(!headerMessage.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test("a path with control characters is escaped on the command line (import source, data folder)")
    func pathsAreEscaped() async throws {
        let directory = try TemporaryStoreDirectory()
        defer { directory.remove() }
        let peach = try PeachExecutable()
        let missing = directory.path("\u{1B}[2Jgone.csv")
        let outcome = try await peach.run(["import", missing, "--data-dir", directory.path("data")], in: directory)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("\\e[2Jgone.csv"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("\u{1B}"))
        let folder = directory.path("bad\u{1B}[5m")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: folder + "/peach.sqlite", withIntermediateDirectories: false)
        let profile = try await peach.run(["profile", "--data-dir", folder], in: directory)
        #expect(profile.status == 1)
        #expect(profile.stderr.contains("bad\\e[5m/peach.sqlite is a folder"), "\(profile.stderr)")
        #expect(!profile.stderr.contains("\u{1B}"))
    }
}
