import SystemPackage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Errno {
    /// The calling thread's errno, read at once.
    static var current: Errno { Errno(rawValue: errno) }
}
