import ALSASequencer
import Foundation
import PeachCore
import PeachTrainer

/// What `peach ports` shows: every port but Peach's own and the kernel's System client, with
/// which way MIDI flows and which ports Peach would pick when none is named.
struct PortListing: Sendable {
    struct Row: Sendable, Encodable {
        let address: String
        let client: Int
        let port: Int
        let clientName: String
        let portName: String
        /// As aconnect lists them (-i, -o): input: Peach can read from it (a controller); output:
        /// Peach can play to it (a synth); both; none.
        let direction: String
        let kind: String
        /// The port Peach plays to when no --to is given.
        let synth: Bool
        /// The port Peach takes answers from when no --from is given.
        let controller: Bool
    }

    let rows: [Row]

    /// `synth` and `controller` are the ports Peach would use (named in the settings, or picked).
    init(ports: [SequencerPort], ownClient: Int, synth: SequencerAddress?, controller: SequencerAddress?) {
        rows = ports
            .filter { $0.address.client != ownClient && $0.address.client != Self.systemClient }
            .sorted { ($0.address.client, $0.address.port) < ($1.address.client, $1.address.port) }
            .map { port in
                Row(address: "\(port.address)", client: port.address.client, port: port.address.port,
                    clientName: port.clientName, portName: port.portName, direction: Self.direction(of: port),
                    kind: port.clientType.rawValue, synth: port.address == synth, controller: port.address == controller)
            }
    }

    /// Client 0 is the kernel's timer and announcements: nothing to play to or answer from.
    static let systemClient = 0

    static func direction(of port: SequencerPort) -> String {
        switch port.direction {
        // The port's own "output" is an input to whoever reads it, as `aconnect -i` lists it.
        case .output: "input"
        case .input: "output"
        case .duplex: "both"
        case .none: "none"
        }
    }

    /// A pretty-printed JSON array, one object per port.
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(rows), as: UTF8.self)
    }

    /// Aligned columns with a header, and what the directions mean.
    func table() -> String {
        let header = ["PORT", "DIRECTION", "CLIENT", "PORT NAME", "PEACH USES IT AS"]
        let lines = rows.map { row in
            // Names are the clients' own: one with escape sequences must not drive the terminal.
            [row.address, row.direction, row.clientName.terminalSafe, row.portName.terminalSafe,
             [row.synth ? "synth" : nil, row.controller ? "controller" : nil].compactMap { $0 }.joined(separator: ", ")]
        }
        let widths = header.indices.map { column in ([header] + lines).map { $0[column].count }.max() ?? 0 }
        let render: ([String]) -> String = { cells in
            zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        return (([header] + lines).map(render)
            + ["", "input: Peach can take answers from it (a controller, as `aconnect -i` lists it); "
                + "output: Peach can play to it (a synth, `aconnect -o`)."])
            .joined(separator: "\n")
    }
}
