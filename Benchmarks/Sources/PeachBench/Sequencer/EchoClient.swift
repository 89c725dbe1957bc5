import ALSASequencer
import Foundation
import PeachALSA
import PeachRig

/// The baseline of the reaction figures: a client on the same ALSA layer that answers each
/// controller event at once (a note-on with a note-off, a CC with a pitch bend) and does nothing
/// else: what reacting costs before any training logic runs. It answers as Peach does: on the
/// reader thread, the moment the event is read, that thread at `peach train`'s realtime priority
/// (midi.realtimePriority's default), so the two differ only in what happens between reading
/// and sending.
final class EchoClient: Sendable {
    let client: SequencerClient

    /// PEACH_BENCH_REALTIME_PRIORITY (`off` or 1…99, read as midi.realtimePriority is): the
    /// readers' priority on both sides of a reaction figure, the echo's and that of every `peach`
    /// the bench starts; nil (unset): the setting's default for both.
    static let priorityOverride: RealtimePriority? = {
        guard let text = ProcessInfo.processInfo.environment["PEACH_BENCH_REALTIME_PRIORITY"] else { return nil }
        do {
            return try RealtimePriority(parsing: text)
        } catch {
            fatalError("PEACH_BENCH_REALTIME_PRIORITY: \(error)")
        }
    }()
    static var readerPriority: ReaderPriority { (priorityOverride ?? .default).readerPriority }

    init(listeningTo source: SequencerAddress, reply: @escaping @Sendable (MIDIMessage) -> MIDIMessage?) throws {
        let client = try SequencerClient(name: "Peach Bench Echo", readerPriority: Self.readerPriority)
        self.client = client
        // The handler holds the client; `close()` in deinit lets go of both.
        client.onInput { event in
            guard let message = event.midiMessage, let answer = reply(message) else { return }
            try? client.send(answer)
        }
        try client.connectInput(from: source)
    }

    deinit {
        client.close()
    }

    /// "CLIENT:PORT" as `SequencerAddress.description` writes it; nil for anything else.
    static func address(_ text: Substring) -> SequencerAddress? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let client = parts[0], let port = parts[1] else { return nil }
        return SequencerAddress(client: client, port: port)
    }

    /// Figures 4 and 5's reactions: a key's note-off, a mod-wheel move's bend.
    static let reaction: @Sendable (MIDIMessage) -> MIDIMessage? = { message in
        switch message {
        case .noteOn(let channel, let note, let velocity) where velocity > 0:
            .noteOff(channel: channel, note: note, velocity: 0)
        case .controlChange(let channel, 1, let value):
            .pitchBend(channel: channel, value: Int16(value) * 64 - 4096)
        default:
            nil
        }
    }
}

/// The echo client in a process of its own (`peach-bench echo`): the baseline that pays what
/// `peach` pays for being another process than the measuring bench (its own address space, a
/// switch between processes on a vCPU at every reaction), where the in-process echo does not.
/// The caller connects `outputPort` to the rig's synth.
final class EchoProcess: Sendable {
    let process: PeachProcess
    let outputPort: SequencerAddress
    private let input: Pipe

    init(_ context: BenchContext, listeningTo source: SequencerAddress, folder: String) async throws {
        let output = Pipe(), input = Pipe()
        process = try PeachProcess(context, ["echo", "--source", source.description], executable: context.benchExecutable,
                                   folder: folder, standardOutput: output, standardInput: input)
        self.input = input
        let reading = output.fileHandleForReading
        let line = await Task.detached { String(decoding: reading.readLine(), as: UTF8.self) }.value
        guard line.hasPrefix("ready "), let port = EchoClient.address(line.dropFirst("ready ".count)) else {
            process.signal()
            throw EchoProcessError.notReady(line: line, output: process.output)
        }
        outputPort = port
    }

    /// Closes its stdin and waits for it to end.
    func stop() async throws {
        try input.fileHandleForWriting.close()
        try await process.succeeded()
    }
}

enum EchoProcessError: Error, CustomStringConvertible {
    case notReady(line: String, output: String)

    var description: String {
        switch self {
        case .notReady(let line, let output): "peach-bench echo did not say ready (it said \"\(line)\"): \(output)"
        }
    }
}

private extension FileHandle {
    /// Bytes up to the first newline (without it), or to the end.
    func readLine() -> [UInt8] {
        var bytes: [UInt8] = []
        while let byte = try? read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") { bytes.append(first) }
        return bytes
    }
}
