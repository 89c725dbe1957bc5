import CAlsa
import Glibc

extension SequencerClient {
    /// Every port of every client, as `aconnect -l` lists them, ordered by address.
    public func ports() throws(SequencerError) -> [SequencerPort] {
        try withHandle { seq throws(SequencerError) in
            var clientInfo: OpaquePointer?
            var portInfo: OpaquePointer?
            try SequencerError.check(snd_seq_client_info_malloc(&clientInfo), "snd_seq_client_info_malloc")
            defer { snd_seq_client_info_free(clientInfo) }
            try SequencerError.check(snd_seq_port_info_malloc(&portInfo), "snd_seq_port_info_malloc")
            defer { snd_seq_port_info_free(portInfo) }

            var ports: [SequencerPort] = []
            snd_seq_client_info_set_client(clientInfo, -1)
            while snd_seq_query_next_client(seq, clientInfo) >= 0 {
                let client = snd_seq_client_info_get_client(clientInfo)
                let clientName = String(cString: snd_seq_client_info_get_name(clientInfo))
                let type: SequencerPort.ClientType =
                    snd_seq_client_info_get_type(clientInfo) == SND_SEQ_KERNEL_CLIENT ? .kernel : .user
                let pid = snd_seq_client_info_get_pid(clientInfo)
                snd_seq_port_info_set_client(portInfo, client)
                snd_seq_port_info_set_port(portInfo, -1)
                while snd_seq_query_next_port(seq, portInfo) >= 0 {
                    ports.append(SequencerPort(
                        address: SequencerAddress(client: Int(client), port: Int(snd_seq_port_info_get_port(portInfo))),
                        clientName: clientName,
                        portName: String(cString: snd_seq_port_info_get_name(portInfo)),
                        clientType: type,
                        capabilities: PortCapabilities(rawValue: snd_seq_port_info_get_capability(portInfo)),
                        types: PortTypes(rawValue: snd_seq_port_info_get_type(portInfo)),
                        clientPID: pid > 0 ? pid : nil))
                }
            }
            return ports
        }
    }

    /// The port `spec` names (see `PortResolver`), among the ports that exist now.
    public func resolvePort(_ spec: String, for use: PortResolver.Use? = nil) throws(SequencerError) -> SequencerPort {
        try PortResolver.resolve(spec, among: ports(), for: use)
    }

    /// Subscribes `destination` to our output port: everything we send reaches it. Already
    /// subscribed is fine (a reconnect after a hot-plug finds the surviving port still connected).
    public func connectOutput(to destination: SequencerAddress) throws(SequencerError) {
        try withHandle { seq throws(SequencerError) in
            try SequencerClient.allowingExisting { () throws(SequencerError) in
                try SequencerError.check(snd_seq_connect_to(seq, Int32(outputPort.port), Int32(destination.client),
                                                            Int32(destination.port)), "snd_seq_connect_to(\(destination))")
            }
        }
        connectedOutputs.withLock { _ = $0.insert(destination) }
    }

    public func disconnectOutput(from destination: SequencerAddress) throws(SequencerError) {
        connectedOutputs.withLock { _ = $0.remove(destination) }
        try withHandle { seq throws(SequencerError) in
            try SequencerError.check(snd_seq_disconnect_to(seq, Int32(outputPort.port), Int32(destination.client), Int32(destination.port)),
                                     "snd_seq_disconnect_to(\(destination))")
        }
    }

    /// Subscribes our input port to `source`: what it sends arrives in `events()`, stamped with
    /// the real time of `timestampQueue` (default: our `inputQueue`, whose clock `inputTime()`
    /// reads; another client's queue number lets two clients compare times on one clock; a
    /// client's `outputQueue` stands still while nothing is scheduled on it). Connections others make to our input port
    /// (with aconnect) deliver events without a timestamp.
    /// Already subscribed is fine.
    public func connectInput(from source: SequencerAddress, timestampQueue: Int? = nil) throws(SequencerError) {
        try withHandle { seq throws(SequencerError) in
            try SequencerClient.allowingExisting { () throws(SequencerError) in
                try Self.subscribe(seq, from: source, to: inputPort, timestampQueue: Int32(timestampQueue ?? inputQueue))
            }
        }
    }

    /// The kernel answers EBUSY to a subscription that exists already.
    private static func allowingExisting(_ subscribe: () throws(SequencerError) -> Void) throws(SequencerError) {
        do {
            try subscribe()
        } catch .alsa(_, let code, _, _) where code == -EBUSY {
            return
        }
    }

    /// Whether our output port is still subscribed to `destination`.
    func isSubscribed(output destination: SequencerAddress) -> Bool {
        (try? withHandle { seq throws(SequencerError) -> Bool in
            var subscription: OpaquePointer?
            try SequencerError.check(snd_seq_port_subscribe_malloc(&subscription), "snd_seq_port_subscribe_malloc")
            defer { snd_seq_port_subscribe_free(subscription) }
            var sender = snd_seq_addr_t(client: UInt8(truncatingIfNeeded: clientID), port: UInt8(truncatingIfNeeded: outputPort.port))
            var receiver = snd_seq_addr_t(client: UInt8(truncatingIfNeeded: destination.client),
                                          port: UInt8(truncatingIfNeeded: destination.port))
            snd_seq_port_subscribe_set_sender(subscription, &sender)
            snd_seq_port_subscribe_set_dest(subscription, &receiver)
            return snd_seq_get_port_subscription(seq, subscription) == 0
        }) ?? false
    }
}
