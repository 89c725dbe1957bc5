extension MIDIMessage {
    /// What an event the engine ignores (`.other`) is, by its ALSA type: the MIDI system
    /// messages by name and status byte, so `peach monitor` says "clock (F8)" where it said
    /// "ALSA type 36"; nil for a type without a MIDI meaning here (queue control, user events).
    public static func name(ofOtherType type: Int32) -> String? {
        switch type {
        case 8: "key pressure (aftertouch)"
        case 14: "14-bit control change"
        case 15: "NRPN"
        case 16: "RPN"
        case 20: "song position (F2)"
        case 21: "song select (F3)"
        case 22: "MTC quarter frame (F1)"
        case 30: "start (FA)"
        case 31: "continue (FB)"
        case 32: "stop (FC)"
        case 36: "clock (F8)"
        case 37: "tick (F9)"
        case 40: "tune request (F6)"
        case 41: "system reset (FF)"
        case 42: "active sensing (FE)"
        case 130: "SysEx (F0…F7)"
        default: nil
        }
    }
}
