/// Why a simulated run could not finish: the session refused an input or stopped by itself.
public struct SimulationError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }
}
