// TEMPORARY stand-in until the terminal branch lands.
import PeachALSA
import PeachTerminal

public struct TerminalKeyMapping: Sendable {
    public var session: ControllerMapping.Session?
    public init(session: ControllerMapping.Session? = nil) { self.session = session }
    public mutating func trialStarted() {}
    public mutating func map(_ key: TerminalKey) -> [ControllerInput] {
        switch key {
        case .up: [.answer(higher: true)]
        case .down: [.answer(higher: false)]
        case .enter: [.commit]
        case .character("q"): [.command(.quit)]
        default: []
        }
    }
}
