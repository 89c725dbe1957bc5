import Glibc

/// A real pseudo-terminal pair: what the tests type goes into `controller`, what the program
/// reads comes out of `terminal` (the side a shell would have as its stdin).
final class PseudoTerminal {
    let controller: Int32
    let terminal: Int32
    private var controllerOpen = true

    init() throws {
        var controller: Int32 = -1
        var terminal: Int32 = -1
        guard openpty(&controller, &terminal, nil, nil, nil) == 0 else {
            throw PseudoTerminalError(call: "openpty", errno: errno)
        }
        self.controller = controller
        self.terminal = terminal
    }

    /// As if typed on the keyboard.
    func type(_ bytes: [UInt8]) {
        var rest = bytes[...]
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            rest = rest.dropFirst(written)
        }
    }

    func type(_ text: String) { type(Array(text.utf8)) }

    /// Whatever the terminal side wrote back (an echo) within `milliseconds`.
    func pendingOutput(milliseconds: Int32 = 200) -> [UInt8] {
        var fds = [pollfd(fd: controller, events: Int16(POLLIN), revents: 0)]
        guard poll(&fds, 1, milliseconds) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
        return count > 0 ? Array(buffer[0..<count]) : []
    }

    func attributes() throws -> termios {
        var attributes = termios()
        guard tcgetattr(terminal, &attributes) == 0 else {
            throw PseudoTerminalError(call: "tcgetattr", errno: errno)
        }
        return attributes
    }

    /// The terminal window closes: the program's side hangs up.
    func hangUp() {
        guard controllerOpen else { return }
        controllerOpen = false
        close(controller)
    }

    deinit {
        hangUp()
        close(terminal)
    }
}

struct PseudoTerminalError: Error, CustomStringConvertible {
    let call: String
    let errno: Int32
    var description: String { "\(call) failed: \(String(cString: strerror(errno)))" }
}

extension termios {
    func has(_ flag: Int32, in keyPath: KeyPath<termios, tcflag_t>) -> Bool {
        self[keyPath: keyPath] & tcflag_t(flag) != 0
    }

    func controlCharacter(_ index: Int32) -> UInt8 {
        withUnsafeBytes(of: c_cc) { $0[Int(index)] }
    }
}
