import ArgumentParser

extension ParsableCommand {
    /// Builds what the arguments and the settings decide together (so only `run()` can). A
    /// ValidationError from it is reported as the parser reports its own: the message and this
    /// command's usage, exit status 64; thrown from `run()` as it is, ArgumentParser would show
    /// the top-level usage instead.
    static func withSettings<Value>(_ build: () throws -> Value) throws -> Value {
        do {
            return try build()
        } catch let error as ValidationError {
            let name = configuration.commandName ?? "peach"
            printToStandardError("Error: \(error.message)\n"
                + "Usage: \(PeachCommand.usageString(for: Self.self))\n"
                + "  See 'peach \(name) --help' for more information.")
            throw ExitCode.validationFailure
        }
    }
}
