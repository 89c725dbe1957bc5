import Foundation
import ALSASequencer
import PeachALSA
import PeachCore
import PeachRig
import Synchronization
import Testing
import PeachTestSupport

/// ALSANotePlayer against a recording MIDIOutput: exact message order, scheduling and failures.
@Suite("ALSANotePlayer", .timeLimit(.minutes(Patience.minutes(1))))
struct PlayerTests {
    let output = RecordingMIDIOutput()
    let clock = ManualClock()
    let velocity = try! MIDIVelocity(100)

    func player(_ configuration: NotePlayerConfiguration = NotePlayerConfiguration()) -> ALSANotePlayer {
        ALSANotePlayer(output: output, configuration: configuration, clock: clock)
    }

    func hz(_ cents: Double, note: Int = 69) throws -> Frequency {
        try Frequency(hertz: 440 * pow(2, (Double(note - 69) * 100 + cents) / 1200))
    }

    func pool(_ numbers: Int...) throws -> ChannelPool { try ChannelPool(numbers.map { try MIDIChannel($0) }) }

    /// Plays a prepared 300 ms note to its end while the queue's clock stands `queuePast` beyond
    /// its note-off and the kernel still holds it (its tick has not come); returns the note-off's time.
    func playNoteTheKernelStillHolds(_ player: ALSANotePlayer, queuePast: Duration) async throws -> SequencerTime {
        try player.prepare()
        let end = SequencerTime(nanoseconds: 5_300_000_000)
        let playing = Task { try await player.play(frequency: hz(0), duration: .milliseconds(300), velocity: velocity, amplitude: .zero) }
        await clock.waitForSleepers()
        output.setTime(end.advanced(by: queuePast))
        output.setPending(true)
        clock.advance(by: .milliseconds(300) + queuePast)
        try await playing.value
        return end
    }

    @Test("the sounding pitch: FluidSynth's nearest whole cent, any other synth's wheel step (within 0.0123 c)")
    func soundingFrequency() throws {
        let fluid = player(NotePlayerConfiguration(bendResponse: .fluidSynth))
        for (asked, heard) in [(13.7, 14.0), (-13.3, -13.0), (0.4, 0.0), (-0.6, -1.0)] {
            let sounding = fluid.soundingFrequency(of: try hz(asked, note: 62))
            #expect(abs(sounding.cents(above: try hz(0, note: 62)).rawValue - heard) < 1e-6, "\(asked) c")
        }
        let exact = player()
        for asked in [13.7, -13.3, 0.4, 49.99] {
            let sounding = exact.soundingFrequency(of: try hz(asked, note: 62))
            let error = sounding.cents(above: try hz(asked, note: 62)).rawValue
            #expect(abs(error) <= 0.0123, "\(asked) c sounds \(error) c off")
        }
    }

    /// Whatever an earlier run or a port that went and came back left sounding is silenced first.
    static let setupChannel1: [MIDIMessage] = [
        .controlChange(channel: 0, controller: 123, value: 0),
        .pitchBend(channel: 0, value: 0),
        .controlChange(channel: 0, controller: 0, value: 0),
        .controlChange(channel: 0, controller: 32, value: 0),
        .programChange(channel: 0, program: 0),
        .controlChange(channel: 0, controller: 101, value: 0),
        .controlChange(channel: 0, controller: 100, value: 0),
        .controlChange(channel: 0, controller: 6, value: 2),
        .controlChange(channel: 0, controller: 38, value: 0),
        .controlChange(channel: 0, controller: 101, value: 127),
        .controlChange(channel: 0, controller: 100, value: 127),
        .controlChange(channel: 0, controller: 11, value: 71),
    ]

    /// The set-up without RPN 0: everything up to the program, then expression at 0 dB.
    static let setupChannel1WithoutRPN = Array(setupChannel1.prefix(5)) + [.controlChange(channel: 0, controller: 11, value: 71)]

    @Test func startNoteSendsSetupThenTheBendBeforeTheNoteOn() async throws {
        _ = try player().startNote(frequency: hz(13.7), velocity: velocity, amplitude: .zero)
        #expect(output.sent == Self.setupChannel1 + [
            .pitchBend(channel: 0, value: 561),
            .noteOn(channel: 0, note: 69, velocity: 100),
        ])
    }

    @Test func setupGoesOutOncePerConnection() async throws {
        let player = player()
        try player.prepare()
        #expect(output.sent == Self.setupChannel1)
        output.clear()
        _ = try player.startNote(frequency: hz(0), velocity: velocity, amplitude: .zero)
        _ = try player.startNote(frequency: hz(0, note: 60), velocity: velocity, amplitude: .zero)
        #expect(output.sent == [
            .pitchBend(channel: 0, value: 0), .noteOn(channel: 0, note: 69, velocity: 100),
            .noteOff(channel: 0, note: 69, velocity: 0),  // a pool of one: the first note is stolen
            .pitchBend(channel: 0, value: 0), .noteOn(channel: 0, note: 60, velocity: 100),
        ])
        // A new connection gets the setup again.
        output.clear()
        try player.prepare()
        #expect(output.sent == Self.setupChannel1)
    }

    @Test func bankProgramAndBendRangeComeFromTheConfigurationOnEveryPoolChannel() async throws {
        let configuration = NotePlayerConfiguration(
            channels: try pool(2, 10), bendRange: try PitchBendRange(semitones: 12),
            sound: try SoundSelection(program: 40, bank: 130))
        try player(configuration).prepare()
        let expected: [MIDIMessage] = [1, 9].flatMap { (wire: UInt8) -> [MIDIMessage] in [
            .controlChange(channel: wire, controller: 123, value: 0),
            .pitchBend(channel: wire, value: 0),
            .controlChange(channel: wire, controller: 0, value: 1),
            .controlChange(channel: wire, controller: 32, value: 2),
            .programChange(channel: wire, program: 40),
            .controlChange(channel: wire, controller: 101, value: 0),
            .controlChange(channel: wire, controller: 100, value: 0),
            .controlChange(channel: wire, controller: 6, value: 12),
            .controlChange(channel: wire, controller: 38, value: 0),
            .controlChange(channel: wire, controller: 101, value: 127),
            .controlChange(channel: wire, controller: 100, value: 127),
            .controlChange(channel: wire, controller: 11, value: 71),
        ] }
        #expect(output.sent == expected)
    }

    @Test func theRPNCanBeSwitchedOff() async throws {
        try player(NotePlayerConfiguration(sendsBendRange: false)).prepare()
        #expect(output.sent == Self.setupChannel1WithoutRPN)
    }

    @Test func adjustSendsANewBendOnTheNotesChannel() async throws {
        let player = player(NotePlayerConfiguration(channels: try pool(5, 6)))
        try player.prepare()
        _ = try player.startNote(frequency: hz(0, note: 60), velocity: velocity, amplitude: .zero)
        let handle = try player.startNote(frequency: hz(0), velocity: velocity, amplitude: .zero)
        output.clear()
        try handle.adjust(to: hz(-25))
        try handle.adjust(to: hz(199.9))
        #expect(output.sent == [.pitchBend(channel: 5, value: -1024), .pitchBend(channel: 5, value: 8188)])
    }

    @Test func adjustBeyondTheBendRangeIsAnErrorNamingTheRangeAndSendsNothing() async throws {
        let handle = try player().startNote(frequency: hz(40), velocity: velocity, amplitude: .zero)
        output.clear()
        let error = #expect(throws: NotePlayerError.self) { try handle.adjust(to: hz(-250)) }
        guard case .unplayable(.beyondBendRange(let note, _, let range))? = error else {
            Issue.record("expected a bend-range error, got \(String(describing: error))")
            return
        }
        #expect(note == .a4 && range.semitones == 2)
        #expect(error?.description.contains("±2 semitones") == true)
        #expect(output.sent.isEmpty)
    }

    @Test func stopSendsNoteOffThenCentresTheBendOnce() async throws {
        let handle = try player().startNote(frequency: hz(-30, note: 72), velocity: velocity, amplitude: .zero)
        output.clear()
        try handle.stop()
        try handle.stop()
        try handle.adjust(to: hz(10, note: 72))  // a stopped note has nothing to retune
        #expect(output.sent == [.noteOff(channel: 0, note: 72, velocity: 0), .pitchBend(channel: 0, value: 0)])
    }

    /// For a synth that ignores CC 11 (`LoudnessResponse.velocity`).
    @Test func velocityFollowsTheLoudnessOffset() async throws {
        let cases: [(base: Int, decibels: Double, expected: UInt8)] = [
            (63, 0, 63), (63, -6, 45), (63, 12, 126), (100, 12, 127), (100, -90, 1), (100, -20, 32),
        ]
        for (base, decibels, expected) in cases {
            output.clear()
            let player = player(NotePlayerConfiguration(sendsBendRange: false, loudnessResponse: .velocity))
            _ = try player.startNote(frequency: hz(0), velocity: try MIDIVelocity(base), amplitude: try AmplitudeDB(decibels: decibels))
            #expect(output.sent.last == .noteOn(channel: 0, note: 69, velocity: expected), "\(base) at \(decibels) dB")
            #expect(!output.sent.contains { if case .controlChange(_, 11, _) = $0 { true } else { false } })
        }
    }

    @Test func playSchedulesTheNoteOffOnTheQueueWithATag() async throws {
        let player = player()
        try player.prepare()
        output.clear()
        let start = SequencerTime(nanoseconds: 5_000_000_000)
        output.setTime(start)
        let playing = Task { try await player.play(frequency: hz(0, note: 64), duration: .milliseconds(750), velocity: velocity, amplitude: .zero) }
        await clock.waitForSleepers()
        let end = SequencerTime(nanoseconds: 5_750_000_000)
        #expect(output.log == [
            .sent(.pitchBend(channel: 0, value: 0)),
            .sent(.noteOn(channel: 0, note: 64, velocity: 100)),
            .scheduled(.noteOff(channel: 0, note: 64, velocity: 0), at: end, tag: 1),
        ])
        // The kernel has delivered the note-off by the time the wait ends: only the bend is centred.
        output.setTime(end.advanced(by: .microseconds(80)))
        clock.advance(by: .milliseconds(750))
        try await playing.value
        #expect(output.log.dropFirst(3) == [.sent(.pitchBend(channel: 0, value: 0))])
    }

    /// The kernel sends a scheduled event at its first tick at or after the event's time, so
    /// the player asks for half a tick early: the note ends within half a tick either way.
    @Test func theNoteOffIsScheduledHalfATickEarly() async throws {
        let player = player(NotePlayerConfiguration(sendsBendRange: false))
        output.setTickPeriod(.microseconds(160))
        let playing = Task { try await player.play(frequency: hz(0), duration: .milliseconds(750), velocity: velocity, amplitude: .zero) }
        await clock.waitForSleepers()
        #expect(output.log.last == .scheduled(.noteOff(channel: 0, note: 69, velocity: 0),
                                              at: SequencerTime(nanoseconds: 5_749_920_000), tag: 1))
        playing.cancel()
        _ = try? await playing.value
    }

    /// The queue's clock passed the note-off's time but the kernel has not dispatched it yet
    /// (it does at its next tick): a note-on sent direct now would arrive first and be cut.
    @Test func theNextNoteQueuesBehindANoteOffTheKernelHasNotDispatchedYet() async throws {
        let player = player(NotePlayerConfiguration(sendsBendRange: false))
        let end = try await playNoteTheKernelStillHolds(player, queuePast: .microseconds(40))
        output.clear()

        let next = try player.startNote(frequency: hz(0), velocity: velocity, amplitude: .zero)
        #expect(output.log == [
            .scheduled(.pitchBend(channel: 0, value: 0), at: end, tag: 255),
            .scheduled(.noteOn(channel: 0, note: 69, velocity: 100), at: end, tag: 255),
        ])

        // Once the queue is found empty (by the first send that asks, a bend here), everything
        // goes direct again.
        output.setPending(false)
        output.clear()
        try next.adjust(to: hz(0))
        try next.stop()
        #expect(output.log == [
            .sent(.pitchBend(channel: 0, value: 0)),
            .sent(.noteOff(channel: 0, note: 69, velocity: 0)), .sent(.pitchBend(channel: 0, value: 0)),
        ])
    }

    /// A busy machine can hold back the kernel's timer tick for any time: however long ago the
    /// note-off's time passed, the next note asks the queue before it goes direct.
    @Test("a note-off the kernel still holds keeps the next note behind it, however long ago its time passed")
    func aLateTickNeverLetsTheNextNoteOvertake() async throws {
        let player = player(NotePlayerConfiguration(sendsBendRange: false))
        // The queue's clock is a whole second past the note-off, and the kernel still holds it.
        let end = try await playNoteTheKernelStillHolds(player, queuePast: .seconds(1))
        output.clear()
        _ = try player.startNote(frequency: hz(0), velocity: velocity, amplitude: .zero)
        #expect(output.log == [
            .scheduled(.pitchBend(channel: 0, value: 0), at: end, tag: 255),
            .scheduled(.noteOn(channel: 0, note: 69, velocity: 100), at: end, tag: 255),
        ])
    }

    /// An answer stopping the target while the kernel still holds the previous note's note-off:
    /// a note-off cuts nothing, so it leaves at once without asking the kernel; a copy waits
    /// behind the passed note-off, in case the note-on it ends waits there too.
    @Test("a reaction's note-off leaves direct even behind a passed note-off, a copy queued behind it")
    func aReactionNoteOffGoesDirect() async throws {
        let player = player(NotePlayerConfiguration(sendsBendRange: false))
        let end = try await playNoteTheKernelStillHolds(player, queuePast: .microseconds(40))
        let target = try player.startNote(frequency: hz(0), velocity: velocity, amplitude: .zero)
        output.clear()
        try target.stop()
        #expect(output.log == [
            .sent(.noteOff(channel: 0, note: 69, velocity: 0)),
            .scheduled(.noteOff(channel: 0, note: 69, velocity: 0), at: end, tag: 255),
            .scheduled(.pitchBend(channel: 0, value: 0), at: end, tag: 255),
        ])
    }

    @Test func withNothingLeftOnTheQueueTheNextNoteGoesDirect() async throws {
        let player = player(NotePlayerConfiguration(sendsBendRange: false))
        try player.prepare()
        let playing = Task { try await player.play(frequency: hz(0), duration: .milliseconds(300), velocity: velocity, amplitude: .zero) }
        await clock.waitForSleepers()
        output.setTime(SequencerTime(nanoseconds: 5_300_040_000))
        clock.advance(by: .milliseconds(300))
        try await playing.value
        output.clear()
        _ = try player.startNote(frequency: hz(0), velocity: velocity, amplitude: .zero)
        #expect(output.log == [.sent(.pitchBend(channel: 0, value: 0)), .sent(.noteOn(channel: 0, note: 69, velocity: 100))])
    }

    @Test func whenTheQueueClockLagsTheTaskWaitsTheRemainderItReports() async throws {
        let player = player(NotePlayerConfiguration(sendsBendRange: false))
        let playing = Task { try await player.play(frequency: hz(0), duration: .seconds(1), velocity: velocity, amplitude: .zero) }
        await clock.waitForSleepers()
        output.clear()
        // The task's second is over, but the queue has only reached 0.973 s of it.
        output.setTime(SequencerTime(nanoseconds: 5_973_000_000))
        clock.advance(by: .seconds(1))
        await clock.waitForSleepers()
        #expect(output.log.isEmpty)
        output.setTime(SequencerTime(nanoseconds: 6_000_000_100))
        clock.advance(by: .milliseconds(27))
        try await playing.value
        #expect(output.log == [.sent(.pitchBend(channel: 0, value: 0))])
    }

    @Test func aStalledQueueIsTakenOverAndItsNoteOffReplaced() async throws {
        let player = player(NotePlayerConfiguration(sendsBendRange: false))
        let playing = Task { try await player.play(frequency: hz(0), duration: .seconds(1), velocity: velocity, amplitude: .zero) }
        await clock.waitForSleepers()
        output.clear()
        output.setTime(SequencerTime(nanoseconds: 5_500_000_000))
        clock.advance(by: .seconds(1))
        for _ in 0..<4 {
            await clock.waitForSleepers()
            clock.advance(by: .milliseconds(500))
        }
        try await playing.value
        #expect(output.log == [
            .cancelled(tag: 1),
            .sent(.noteOff(channel: 0, note: 69, velocity: 0)),
            .sent(.pitchBend(channel: 0, value: 0)),
        ])
    }

    @Test func cancellingPlaySendsTheNoteOffAtOnceAndWithdrawsTheScheduledOne() async throws {
        let player = player()
        let first = Task { try await player.play(frequency: hz(0), duration: .seconds(1), velocity: velocity, amplitude: .zero) }
        await clock.waitForSleepers()
        first.cancel()
        await #expect(throws: CancellationError.self) { try await first.value }
        // Each play gets its own tag, so withdrawing one cannot touch another's note-off.
        let second = Task { try await player.play(frequency: hz(0), duration: .seconds(1), velocity: velocity, amplitude: .zero) }
        await clock.waitForSleepers()
        second.cancel()
        await #expect(throws: CancellationError.self) { try await second.value }
        let afterSetup = Array(output.log.dropFirst(Self.setupChannel1.count))
        let note: [RecordingMIDIOutput.Entry] = [.sent(.pitchBend(channel: 0, value: 0)), .sent(.noteOn(channel: 0, note: 69, velocity: 100))]
        let end = SequencerTime(nanoseconds: 6_000_000_000)
        let expected: [RecordingMIDIOutput.Entry] = [1, 2].flatMap { (tag: UInt8) -> [RecordingMIDIOutput.Entry] in
            note + [
                .scheduled(.noteOff(channel: 0, note: 69, velocity: 0), at: end, tag: tag),
                // The note-off leaves first; the scheduled one is withdrawn right after.
                .sent(.noteOff(channel: 0, note: 69, velocity: 0)),
                .cancelled(tag: tag),
                .sent(.pitchBend(channel: 0, value: 0)),
            ]
        }
        #expect(afterSetup == expected)
    }

    @Test func stopAllSilencesEverySoundingNoteAndEveryChannelUsed() async throws {
        let player = player(NotePlayerConfiguration(channels: try pool(1, 2, 3), sendsBendRange: false))
        try player.prepare()
        _ = try player.startNote(frequency: hz(0, note: 57), velocity: velocity, amplitude: .zero)
        let playing = Task { try await player.play(frequency: hz(10), duration: .seconds(2), velocity: velocity, amplitude: .zero) }
        await clock.waitForSleepers()
        output.clear()
        try player.stopAll()
        #expect(output.log == [
            .sent(.noteOff(channel: 0, note: 57, velocity: 0)),
            .cancelled(tag: 1),
            .sent(.noteOff(channel: 1, note: 69, velocity: 0)),
            .sent(.controlChange(channel: 0, controller: 123, value: 0)),
            .sent(.pitchBend(channel: 0, value: 0)),
            .sent(.controlChange(channel: 1, controller: 123, value: 0)),
            .sent(.pitchBend(channel: 1, value: 0)),
        ])
        // The stopped play() ends quietly when its wait is over.
        output.clear()
        clock.advance(by: .seconds(2))
        try await playing.value
        #expect(output.log.isEmpty)
    }

    @Test func overlappingNotesGetTheirOwnChannelsAndAStolenNoteIsSilencedFirst() async throws {
        let player = player(NotePlayerConfiguration(channels: try pool(1, 2), sendsBendRange: false))
        try player.prepare()
        output.clear()
        let drone = try player.startNote(frequency: hz(0, note: 57), velocity: velocity, amplitude: .zero)
        let tunable = try player.startNote(frequency: hz(20), velocity: velocity, amplitude: .zero)
        let cue = try player.startNote(frequency: hz(-20, note: 81), velocity: velocity, amplitude: .zero)
        #expect(output.sent == [
            .pitchBend(channel: 0, value: 0), .noteOn(channel: 0, note: 57, velocity: 100),
            .pitchBend(channel: 1, value: 819), .noteOn(channel: 1, note: 69, velocity: 100),
            .noteOff(channel: 0, note: 57, velocity: 0),
            .pitchBend(channel: 0, value: -819), .noteOn(channel: 0, note: 81, velocity: 100),
        ])
        output.clear()
        try drone.adjust(to: hz(5, note: 57))  // stolen: its channel belongs to the cue now
        try drone.stop()
        try tunable.adjust(to: hz(30))
        try cue.stop()
        #expect(output.sent == [
            .pitchBend(channel: 1, value: 1229),
            .noteOff(channel: 0, note: 81, velocity: 0), .pitchBend(channel: 0, value: 0),
        ])
    }

    @Test func aFailingOutputIsReportedAsLostAndTheNextConnectionIsSetUpAgain() async throws {
        let player = player(NotePlayerConfiguration(sendsBendRange: false))
        let handle = try player.startNote(frequency: hz(0), velocity: velocity, amplitude: .zero)
        output.failFromNowOn()
        let error = #expect(throws: NotePlayerError.self) {
            _ = try player.startNote(frequency: hz(0, note: 60), velocity: velocity, amplitude: .zero)
        }
        #expect(error == .outputLost(reason: "destination 128:0 does not exist"))
        #expect(error?.description == "the MIDI output was lost: destination 128:0 does not exist")
        await #expect(throws: NotePlayerError.outputLost(reason: "destination 128:0 does not exist")) {
            try await player.play(frequency: hz(0), duration: .seconds(1), velocity: velocity, amplitude: .zero)
        }
        #expect(throws: NotePlayerError.self) { try player.stopAll() }
        // The old note died with the synth; a new synth gets the setup before its first note.
        output.recover()
        try handle.stop()
        _ = try player.startNote(frequency: hz(0, note: 60), velocity: velocity, amplitude: .zero)
        #expect(output.sent.suffix(8) == Self.setupChannel1WithoutRPN + [
            .pitchBend(channel: 0, value: 0), .noteOn(channel: 0, note: 60, velocity: 100),
        ])
    }

    @Test func concurrentCallersLeaveNothingSounding() async throws {
        let player = player(NotePlayerConfiguration(channels: try pool(1, 2, 3, 4)))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                let frequency = try hz(Double(index), note: 48 + index % 24)
                group.addTask {
                    let handle = try player.startNote(frequency: frequency, velocity: velocity, amplitude: .zero)
                    try handle.adjust(to: frequency)
                    try handle.stop()
                }
            }
            try await group.waitForAll()
        }
        // Every note-on on a channel is followed by its note-off before the next note-on there.
        var sounding: [UInt8: UInt8] = [:]
        for message in output.sent {
            switch message {
            case .noteOn(let channel, let note, _):
                #expect(sounding[channel] == nil, "channel \(channel) was still sounding")
                sounding[channel] = note
            case .noteOff(let channel, let note, _):
                #expect(sounding.removeValue(forKey: channel) == note)
            default: break
            }
        }
        #expect(sounding.isEmpty)
        #expect(output.sent.filter { if case .noteOn = $0 { true } else { false } }.count == 40)
    }
}
