import ALSASequencer
import Synchronization

/// The bench's side of the sequencer, standing where a user's hardware stands: a controller
/// (what `peach --from` reads) and a synth (what `peach --to` plays). The synth stamps every
/// event it receives with its queue's real time, Peach's output and, through a tap on the
/// controller's port, the controller's own events: cause and effect on one kernel clock.
final class MeasuringRig: Sendable {
    let controller: SequencerClient
    let synth: SequencerClient
    let received: StampedEvents
    /// Clients of the bench's own whose events the synth also hears (a baseline measured in
    /// the same run): not Peach's.
    private let bystanders = Mutex<Set<SequencerAddress>>([])

    init(tag: String) throws {
        // It hears Peach and the taps at up to 2000 events a second: room for bursts, so that a
        // measurement never makes the senders wait (the kernel's limit).
        synth = try SequencerClient(name: "Peach Bench Synth \(tag)", stampingEveryInput: true,
                                    inputPool: SequencerClient.largestInputPool)
        // The controller reads nothing: it shares the synth's input queue rather than tick a
        // second one (figure 6 counts the machine's timer interrupts).
        controller = try SequencerClient(name: "Peach Bench Controller \(tag)", stampingQueue: synth.inputQueue)
        received = StampedEvents(synth)
        try synth.connectInput(from: controller.outputPort)
    }

    /// Returns once the synth's stamping clock has ticked (see `SequencerClient.inputClockSettled`).
    func settled() async { await synth.inputClockSettled() }

    /// `--to` and `--from` for peach.
    var portArguments: [String] {
        ["--to", synth.inputPort.description, "--from", controller.outputPort.description]
    }

    func isFromController(_ event: SequencerEvent) -> Bool { event.source == controller.outputPort }

    /// Sent by `peach`: neither the controller's tap nor a bystander's.
    func isFromPeach(_ event: SequencerEvent) -> Bool {
        !isFromController(event) && !bystanders.withLock { $0.contains(event.source) }
    }

    /// The synth hears `address` too (tapped or answering), but its events are not Peach's.
    func addBystander(_ address: SequencerAddress) throws {
        bystanders.withLock { _ = $0.insert(address) }
        try synth.connectInput(from: address)
    }

    /// The synth's input clock now, in nanoseconds: the clock of every stamp.
    func now() throws -> UInt64 { try synth.inputTime().nanoseconds }

    deinit {
        controller.close()  // before the synth, whose queue it stamps with
        synth.close()
    }
}

extension SequencerEvent {
    /// The kernel's stamp; every event reaching a stamping port has one.
    func stamp() throws -> UInt64 {
        guard let timestampNanoseconds else {
            throw BenchFailure("an event from \(source) arrived without a timestamp")
        }
        return timestampNanoseconds
    }
}
