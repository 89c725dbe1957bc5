import Foundation
import Glibc

/// Foundation's `Process` on Linux waits for a child through a CFSocket, whose wakeup pair is
/// two UDP sockets bound to 127.0.0.1 (swift-corelibs-foundation, CFSocket.c). Where the
/// loopback interface is down (a bare VM guest that never ran `ifconfig lo up`), binding
/// fails, CF logs "Could not create wakeup socket pair for CFSocket" and the child's exit is
/// never reported: the test hangs. This turns that hang into an error that says why.
public enum LoopbackCheck {
    public struct Down: Error, CustomStringConvertible {
        public let description: String
    }

    /// Throws `Down` unless a UDP socket can bind to 127.0.0.1 (checked once per process).
    public static func require() throws {
        if let problem = problem { throw Down(description: problem) }
    }

    private static let problem: String? = {
        let descriptor = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        guard descriptor >= 0 else { return "cannot open a UDP socket: \(String(cString: strerror(errno)))" }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound != 0 else { return nil }
        return "the loopback interface is down (binding a UDP socket to 127.0.0.1: \(String(cString: strerror(errno)))): "
            + "Foundation's Process cannot report a child's exit without it; bring it up (ip link set lo up), "
            + "as scripts/alsa-vm does in its guest"
    }()
}
