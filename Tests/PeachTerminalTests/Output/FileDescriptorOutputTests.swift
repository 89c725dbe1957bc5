import Glibc
import PeachTerminal
import Testing

@Suite("FileDescriptorOutput")
struct FileDescriptorOutputTests {
    @Test("writes the text's UTF-8 bytes, whole, straight to the descriptor")
    func writes() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let output = FileDescriptorOutput(fileDescriptor: ends[1])
        let long = String(repeating: "✓ 12.5 c · ", count: 300)
        output.write("\r\u{1B}[2K")
        output.write(long)
        close(ends[1])
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        #expect(String(decoding: received, as: UTF8.self) == "\r\u{1B}[2K" + long)
    }

    @Test("a closed reader end does not crash the writer")
    func brokenPipe() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        FileDescriptorOutput(fileDescriptor: ends[1]).write("lost")
        #expect(errno == EPIPE)
    }
}
