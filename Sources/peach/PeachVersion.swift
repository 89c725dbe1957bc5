/// The version `peach --version` prints: the one place it is written. Bump it here when a
/// release is made (docs/rig.md, "Installing").
enum PeachVersion {
    static let current = "0.1.0"
}
