import PeachCore
import Synchronization

/// A NotePlayer that makes no sound: it logs every call and keeps timed notes going on a
/// ManualClock, so a test decides when a note ends.
public final class RecordingNotePlayer: NotePlayer {
    public enum Call: Equatable, Sendable {
        case start(note: Int, frequency: Double, velocity: Int, amplitude: Double)
        case adjust(note: Int, frequency: Double)
        case stop(note: Int)
        case stopAll
    }

    public struct NoteFailure: Error {}

    private struct State {
        var calls: [Call] = []
        var sounding: Set<Int> = []
        var nextNote = 0
        var failStarts = false
    }

    private let state = Mutex(State())
    private let clock: ManualClock
    /// Like FluidSynth with symmetric rounding: every pitch sounds at the nearest whole cent
    /// (counted from A440), so small offsets are heard a little off what was asked.
    public let roundsToWholeCents: Bool

    public init(clock: ManualClock, roundsToWholeCents: Bool = false) {
        self.clock = clock
        self.roundsToWholeCents = roundsToWholeCents
    }

    public func soundingFrequency(of frequency: Frequency) -> Frequency {
        roundsToWholeCents ? Self.wholeCent(frequency) : frequency
    }

    public static func wholeCent(_ frequency: Frequency) -> Frequency {
        (try? Cents(frequency.cents(above: .concertA).rawValue.rounded())).map { Frequency.concertA.shifted(by: $0) } ?? frequency
    }

    public var calls: [Call] { state.withLock { $0.calls } }
    public var soundingNotes: Set<Int> { state.withLock { $0.sounding } }
    public var starts: [Call] { calls.filter { if case .start = $0 { true } else { false } } }

    /// Makes every later startNote throw, like a synth port that has gone away.
    public func failFromNowOn() { state.withLock { $0.failStarts = true } }

    public func startNote(frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB) throws -> any PlaybackHandle {
        let note = try state.withLock { state -> Int in
            if state.failStarts { throw NoteFailure() }
            defer { state.nextNote += 1 }
            state.sounding.insert(state.nextNote)
            state.calls.append(.start(note: state.nextNote, frequency: frequency.hertz,
                                      velocity: velocity.rawValue, amplitude: amplitude.decibels))
            return state.nextNote
        }
        return Handle(player: self, note: note)
    }

    public func startNote(frequency: Frequency, duration: Duration, velocity: MIDIVelocity,
                   amplitude: AmplitudeDB) throws -> any TimedPlaybackHandle {
        ClockTimedNote(note: try startNote(frequency: frequency, velocity: velocity, amplitude: amplitude),
                       duration: duration, clock: clock)
    }

    public func stopAll() throws {
        state.withLock { state in
            state.calls.append(.stopAll)
            state.sounding.removeAll()
        }
    }

    fileprivate func stop(_ note: Int) {
        state.withLock { state in
            guard state.sounding.remove(note) != nil else { return }
            state.calls.append(.stop(note: note))
        }
    }

    fileprivate func adjust(_ note: Int, to frequency: Frequency) {
        state.withLock { $0.calls.append(.adjust(note: note, frequency: frequency.hertz)) }
    }

    private struct Handle: PlaybackHandle {
        let player: RecordingNotePlayer
        let note: Int
        func stop() throws { player.stop(note) }
        func adjust(to frequency: Frequency) throws { player.adjust(note, to: frequency) }
    }
}
