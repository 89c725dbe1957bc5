import Foundation
import PeachStore

/// "imported 412 000 of 1 000 000 rows…" on standard error while a long import runs: only on a
/// terminal, only once the import has taken a second, rewritten in place (at most ten times a
/// second) and cleared at the end, so a quick import or a piped one prints nothing.
final class ImportProgressLine {
    private let source: ImportSource
    private let enabled = isatty(STDERR_FILENO) == 1
    private let start = ContinuousClock.now
    private var lastShown: ContinuousClock.Instant?
    /// The file's rows, counted when the line is first shown (a pipe's are unknown).
    private var total: Int??

    init(source: ImportSource) { self.source = source }

    func update(rows: Int) {
        guard enabled else { return }
        let now = ContinuousClock.now
        guard now - start >= .seconds(1) else { return }
        if let lastShown, now - lastShown < .milliseconds(100) { return }
        lastShown = now
        if total == nil { total = .some(Self.dataRows(in: source)) }
        let of = (total ?? nil).map { " of \(Self.grouped(max($0, rows)))" } ?? ""
        FileHandle.standardError.write(Data("\r\u{1B}[Kimported \(Self.grouped(rows))\(of) rows…".utf8))
    }

    func clear() {
        guard lastShown != nil else { return }
        lastShown = nil
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    /// The lines of a regular file but its first two (format line and header), read through a
    /// descriptor of its own; nil for a pipe or standard input, or when it cannot be read.
    private static func dataRows(in source: ImportSource) -> Int? {
        guard source.regularFileSize != nil else { return nil }
        let descriptor = open(source.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 1)
        defer { buffer.deallocate() }
        var lines = 0
        var last: UInt8 = UInt8(ascii: "\n")
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            for byte in UnsafeRawBufferPointer(rebasing: buffer[..<count]) where byte == UInt8(ascii: "\n") { lines += 1 }
            last = buffer[count - 1]
        }
        if last != UInt8(ascii: "\n") { lines += 1 }
        return max(0, lines - 2)
    }

    /// 1000000 as "1 000 000".
    static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(digits.suffix(3), at: 0)
            digits.removeLast(3)
        }
        return ([Substring(digits)] + groups).joined(separator: " ")
    }
}
