/// The control an answer came from, named by the front end that read it ("note 60", "cc 64",
/// "pitch wheel", "terminal"). The domain does not interpret it: it travels with the input to
/// the completed trial, so observers (the store) learn which control answered without any
/// state shared outside the trial.
public struct AnswerSource: Hashable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
