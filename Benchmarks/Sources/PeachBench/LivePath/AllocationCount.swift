import Glibc

/// The calling thread's allocations so far, when `peach-bench` runs with
/// Benchmarks/Tools/count-allocations.c preloaded (LD_PRELOAD); nil without it.
enum AllocationCount {
    private typealias Reader = @convention(c) () -> UInt64

    private static let reader: Reader? = {
        // RTLD_DEFAULT: the preloaded library comes first in the global lookup.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "peach_thread_allocations") else { return nil }
        return unsafeBitCast(symbol, to: Reader.self)
    }()

    static var available: Bool { reader != nil }
    static var now: UInt64 { reader?() ?? 0 }
}
