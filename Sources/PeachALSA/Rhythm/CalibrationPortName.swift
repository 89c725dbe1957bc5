import ALSASequencer

extension SequencerPort {
    /// The name a tap calibration is stored under: "client:port", without the client number
    /// (which a USB controller or a restarted synth changes) and without the process id some
    /// clients put in their names ("FLUID Synth (4711)", "Synth input port (4711:0)"), so that
    /// the FluidSynth Peach starts each time, or a controller plugged in again, finds its
    /// calibration. Two identical devices share one name; they are the same kind of rig.
    public var calibrationName: String {
        "\(Self.withoutProcessID(clientName)):\(Self.withoutProcessID(portName))"
    }

    /// "FLUID Synth (4711)" → "FLUID Synth"; "Synth input port (4711:0)" → "Synth input port".
    /// Only a trailing group of digits (and colons) in parentheses goes.
    static func withoutProcessID(_ name: String) -> String {
        guard name.hasSuffix(")"), let open = name.lastIndex(of: "(") else { return name }
        let inside = name[name.index(after: open)..<name.index(before: name.endIndex)]
        guard !inside.isEmpty, inside.first != ":", inside.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ":") }) else {
            return name
        }
        var kept = name[..<open]
        while kept.last == " " { kept.removeLast() }
        return kept.isEmpty ? name : String(kept)
    }
}
