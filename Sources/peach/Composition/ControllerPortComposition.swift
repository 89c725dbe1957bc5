import ALSASequencer
import PeachSettings

/// The controller `peach monitor` and `peach learn` listen to: chosen as `peach train` chooses
/// its input (InputComposition), but there is no terminal to fall back to.
enum ControllerPortComposition {
    static func chooseController(spec: String?, client: SequencerClient, portWait: PortWait,
                                 waiting: @escaping @Sendable (String) -> Void) async throws -> SequencerPort {
        let frontEnd = FrontEndSettings(portWait: portWait)
        do {
            if let port = try await InputComposition.chooseInput(spec: spec, client: client, frontEnd: frontEnd,
                                                                 terminal: false, waiting: waiting) {
                return port
            }
        } catch let error as NoController {
            throw NoControllerToRead(waited: error.waited)
        }
        throw NoControllerToRead(waited: portWait.limit)
    }
}

/// Nothing to monitor or learn from.
struct NoControllerToRead: Error, CustomStringConvertible {
    let waited: Duration?

    var description: String {
        "no MIDI controller is connected"
            + (waited.map { $0 == .zero ? "" : " (waited \($0))" } ?? "")
            + ": connect one, name it with --from or midi.inputPort (`peach ports` lists the ports), "
            + "or wait for one with midi.portWait"
    }
}
