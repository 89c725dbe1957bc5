import PeachCore

/// What one controller event means: no input, one, or two (a tuning control's first movement
/// is a touch and its position). Held inline, not in an array: the mapping runs for every event
/// on the sequencer's reader thread, before the reaction is sent, where an array would cost an
/// allocation and its reference counting per event.
public struct MappedInputs: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral,
    CustomStringConvertible
{
    // Invariant: `second` only beside a `first`.
    private let first: TrainingInput?
    private let second: TrainingInput?

    public init() {
        first = nil
        second = nil
    }

    public init(_ input: TrainingInput) {
        first = input
        second = nil
    }

    public init(_ first: TrainingInput, _ second: TrainingInput) {
        self.first = first
        self.second = second
    }

    /// For tests and for `[]`; the mapping itself uses the initialisers above, which build no array.
    public init(arrayLiteral inputs: TrainingInput...) {
        precondition(inputs.count <= 2, "a controller event means at most two inputs")
        first = inputs.first
        second = inputs.count == 2 ? inputs[1] : nil
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { first == nil ? 0 : second == nil ? 1 : 2 }

    public subscript(position: Int) -> TrainingInput {
        switch position {
        case 0 where first != nil: first!
        case 1 where second != nil: second!
        default: preconditionFailure("index \(position) out of \(count) mapped inputs")
        }
    }

    /// The same inputs without any `input`.
    func removing(_ input: TrainingInput) -> MappedInputs {
        switch (first == input ? nil : first, second == input ? nil : second) {
        case (let kept?, let other?): MappedInputs(kept, other)
        case (let kept?, nil), (nil, let kept?): MappedInputs(kept)
        case (nil, nil): MappedInputs()
        }
    }

    public var description: String { Array(self).description }
}
