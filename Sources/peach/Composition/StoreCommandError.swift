/// A store command's refusal or failure: printed as "Error: message", exit status 1, no usage text
/// (the invocation itself was fine).
struct StoreCommandError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
