/// The version `peach --version` prints: the one place it is written. Bump it here when a
/// release is made (README.md, "Installing").
enum PeachVersion {
    static let current = "0.1.0"
}
