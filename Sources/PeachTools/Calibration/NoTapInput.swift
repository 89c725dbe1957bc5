/// Only the terminal to tap on; printed as "Error: …", exit status 1.
public struct NoTapInput: Error, CustomStringConvertible {
    public init() {}

    public var description: String {
        "calibration needs a MIDI controller: no controller is connected, and the terminal's keys are not timed by "
            + "the kernel (a key's time is when a thread reads it, several milliseconds late and never the same), "
            + "so they cannot measure a latency. Connect a controller or name it with --from (`peach ports` lists the ports)."
    }
}
