/// One port in the sequencer's graph, as `aconnect -l` shows it.
public struct SequencerPort: Hashable, Sendable, CustomStringConvertible {
    public let address: SequencerAddress
    public let clientName: String
    public let portName: String
    public let clientType: ClientType
    public let capabilities: PortCapabilities
    /// What the port says it is (a synth, hardware, an application…); advisory, set by its owner.
    public let types: PortTypes
    /// The process that owns the client (a user client); nil for kernel clients, or where the
    /// kernel does not say. Tells apart clients of the same name, e.g. two amsynths.
    public let clientPID: Int32?

    public init(address: SequencerAddress, clientName: String, portName: String,
                clientType: ClientType, capabilities: PortCapabilities, types: PortTypes = [], clientPID: Int32? = nil) {
        self.address = address
        self.clientName = clientName
        self.portName = portName
        self.clientType = clientType
        self.capabilities = capabilities
        self.types = types
        self.clientPID = clientPID
    }

    /// Kernel clients are drivers (System, Midi Through, hardware, virmidi); user clients are programs.
    public enum ClientType: String, Hashable, Sendable {
        case kernel
        case user
    }

    /// Which way MIDI can flow through the port, from the port's point of view.
    public enum Direction: String, Hashable, Sendable {
        /// Sends events: something we can receive from (a keyboard).
        case output
        /// Receives events: something we can send to (a synth).
        case input
        case duplex
        /// Neither readable nor writable by others.
        case none
    }

    public var direction: Direction {
        switch (capabilities.contains(.read), capabilities.contains(.write)) {
        case (true, true): return .duplex
        case (true, false): return .output
        case (false, true): return .input
        case (false, false): return .none
        }
    }

    /// Others can subscribe to it to receive what it sends.
    public var canBeSource: Bool { capabilities.isSuperset(of: [.read, .subscribeRead]) }
    /// Others can subscribe it to what they send.
    public var canBeDestination: Bool { capabilities.isSuperset(of: [.write, .subscribeWrite]) }

    /// `14:0 "Midi Through Port-0" of "Midi Through"`, for messages. The names are quoted, not
    /// parenthesised: many carry parentheses of their own (FluidSynth's port "Synth input port
    /// (4321:0)" of client "FLUID Synth (4321)"), and quoted they read as what to type for --to.
    public var label: String { "\(address) \"\(portName)\" of \"\(clientName)\"" }

    public var description: String { "\(label) [\(clientType.rawValue), \(capabilities)]" }
}

/// The port's SND_SEQ_PORT_CAP_* bits.
public struct PortCapabilities: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let read = PortCapabilities(rawValue: 1 << 0)
    public static let write = PortCapabilities(rawValue: 1 << 1)
    public static let duplex = PortCapabilities(rawValue: 1 << 4)
    public static let subscribeRead = PortCapabilities(rawValue: 1 << 5)
    public static let subscribeWrite = PortCapabilities(rawValue: 1 << 6)
    public static let noExport = PortCapabilities(rawValue: 1 << 7)

    public var description: String {
        let names: [(PortCapabilities, String)] = [
            (.read, "read"), (.write, "write"), (.duplex, "duplex"),
            (.subscribeRead, "subscribe-read"), (.subscribeWrite, "subscribe-write"), (.noExport, "no-export"),
        ]
        return names.filter { contains($0.0) }.map(\.1).joined(separator: ",")
    }
}

/// The port's SND_SEQ_PORT_TYPE_* bits: what kind of thing its owner says it is.
public struct PortTypes: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let specific = PortTypes(rawValue: 1 << 0)
    public static let midiGeneric = PortTypes(rawValue: 1 << 1)
    public static let midiGM = PortTypes(rawValue: 1 << 2)
    public static let midiGS = PortTypes(rawValue: 1 << 3)
    public static let midiXG = PortTypes(rawValue: 1 << 4)
    public static let midiMT32 = PortTypes(rawValue: 1 << 5)
    public static let midiGM2 = PortTypes(rawValue: 1 << 6)
    public static let synth = PortTypes(rawValue: 1 << 10)
    public static let directSample = PortTypes(rawValue: 1 << 11)
    public static let sample = PortTypes(rawValue: 1 << 12)
    public static let hardware = PortTypes(rawValue: 1 << 16)
    public static let software = PortTypes(rawValue: 1 << 17)
    public static let synthesizer = PortTypes(rawValue: 1 << 18)
    public static let port = PortTypes(rawValue: 1 << 19)
    public static let application = PortTypes(rawValue: 1 << 20)

    /// A port that makes sound: a software synth (FluidSynth, TiMidity) or a synth chip.
    public var makesSound: Bool { !isDisjoint(with: [.synth, .directSample, .sample, .synthesizer]) }

    public var description: String {
        let names: [(PortTypes, String)] = [
            (.midiGeneric, "midi"), (.midiGM, "GM"), (.midiGS, "GS"), (.midiXG, "XG"), (.midiGM2, "GM2"),
            (.synth, "synth"), (.sample, "sample"), (.hardware, "hardware"), (.software, "software"),
            (.synthesizer, "synthesizer"), (.port, "port"), (.application, "application"),
        ]
        let present = names.filter { contains($0.0) }.map(\.1)
        return present.isEmpty ? "-" : present.joined(separator: ",")
    }
}
