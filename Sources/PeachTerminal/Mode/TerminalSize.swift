#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal's width in columns.
public enum TerminalSize {
    /// What to assume when the terminal does not say.
    public static let defaultColumns = 80

    /// The width of the terminal on `fileDescriptor` (TIOCGWINSZ), or nil when it is no
    /// terminal or reports 0 columns.
    public static func columns(of fileDescriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
