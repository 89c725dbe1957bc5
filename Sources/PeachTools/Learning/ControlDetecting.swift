import ALSASequencer
import PeachCore
import PeachRig

/// A detector `LearnWalkthrough` feeds one step's messages to.
public protocol ControlDetecting: Sendable {
    associatedtype Control: Hashable & Sendable & CustomStringConvertible
    mutating func receive(_ message: MIDIMessage) -> ControlDetection<Control>
    /// What an inconclusive movement points to, once it has ended; nil if nothing.
    var bestGuess: Control? { get }
}

extension ButtonDetector: ControlDetecting {
    /// A button is known at once or not at all.
    public var bestGuess: ControllerButton? { nil }
}

extension TuningControlDetector: ControlDetecting {}
