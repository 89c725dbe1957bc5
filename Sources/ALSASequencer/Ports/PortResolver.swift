import Foundation

/// Finds the port a user means, written the way aconnect users write it: "14:0", "14" (the
/// client's only port), "Midi Through" (a client or port name), "virmidi 0-1" or "FLUID" (a
/// case-insensitive prefix of one), or "Midi Through:0". Exact names win over prefixes, so a
/// name that is also the prefix of another still resolves.
public enum PortResolver {
    /// What the port will be used for, so ports that cannot serve are not candidates.
    public enum Use: Sendable {
        /// We receive from it (a keyboard): it must be readable and subscribable.
        case source
        /// We send to it (a synth): it must be writable and subscribable.
        case destination
    }

    public static func resolve(_ spec: String, among ports: [SequencerPort], for use: Use? = nil)
        throws(SequencerError) -> SequencerPort
    {
        let ports = ports.sorted { ($0.address.client, $0.address.port) < ($1.address.client, $1.address.port) }
        let eligible = ports.filter { use.map($0.serves) ?? true }
        let text = spec.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { throw .portNotFound(spec: spec, candidates: eligible) }

        // "client:port", where client is a number or a name, and port a number.
        if let colon = text.lastIndex(of: ":"), let portNumber = Int(text[text.index(after: colon)...]) {
            let clientSpec = String(text[..<colon]).trimmingCharacters(in: .whitespaces)
            let client = try matchingClient(clientSpec, spec: spec, among: ports)
            let address = SequencerAddress(client: client, port: portNumber)
            guard let port = ports.first(where: { $0.address == address }) else {
                throw .portNotFound(spec: spec, candidates: eligible)
            }
            return try usable(port, for: use)
        }
        // A bare number is a client: its only eligible port.
        if let clientNumber = Int(text) {
            return try unique(eligible.filter { $0.address.client == clientNumber }, spec: spec, otherwise: eligible)
        }
        let wanted = text.lowercased()
        let exact = eligible.filter { $0.portName.lowercased() == wanted || $0.clientName.lowercased() == wanted }
        if !exact.isEmpty { return try unique(exact, spec: spec, otherwise: eligible) }
        let prefixed = eligible.filter {
            $0.portName.lowercased().hasPrefix(wanted) || $0.clientName.lowercased().hasPrefix(wanted)
        }
        return try unique(prefixed, spec: spec, otherwise: eligible)
    }

    /// The one client number a "client" part names: a number, an exact name or a unique prefix.
    private static func matchingClient(_ clientSpec: String, spec: String, among ports: [SequencerPort])
        throws(SequencerError) -> Int
    {
        if let number = Int(clientSpec) { return number }
        let wanted = clientSpec.lowercased()
        let firstPortPerClient = Dictionary(grouping: ports, by: \.address.client).values.compactMap(\.first)
            .sorted { $0.address.client < $1.address.client }
        var matches = firstPortPerClient.filter { $0.clientName.lowercased() == wanted }
        if matches.isEmpty { matches = firstPortPerClient.filter { $0.clientName.lowercased().hasPrefix(wanted) } }
        switch matches.count {
        case 1: return matches[0].address.client
        case 0: throw .portNotFound(spec: spec, candidates: firstPortPerClient)
        default: throw .ambiguousPort(spec: spec, matches: matches)
        }
    }

    private static func unique(_ matches: [SequencerPort], spec: String, otherwise candidates: [SequencerPort])
        throws(SequencerError) -> SequencerPort
    {
        switch matches.count {
        case 1: return matches[0]
        case 0: throw .portNotFound(spec: spec, candidates: candidates)
        default: throw .ambiguousPort(spec: spec, matches: matches)
        }
    }

    private static func usable(_ port: SequencerPort, for use: Use?) throws(SequencerError) -> SequencerPort {
        switch use {
        case .source? where !port.serves(.source):
            throw .portNotUsable(port, reason: "does not let others subscribe to what it sends (capabilities: \(port.capabilities))")
        case .destination? where !port.serves(.destination):
            throw .portNotUsable(port, reason: "does not accept subscriptions to send to it (capabilities: \(port.capabilities))")
        default:
            return port
        }
    }
}

extension SequencerPort {
    func serves(_ use: PortResolver.Use) -> Bool {
        switch use {
        case .source: return canBeSource
        case .destination: return canBeDestination
        }
    }
}
