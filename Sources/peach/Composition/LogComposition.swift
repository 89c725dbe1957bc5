import Foundation
import Logging

/// Diagnostics go to stderr; quiet (warnings only) unless --verbose or PEACH_LOG_LEVEL asks.
enum LogComposition {
    static func logger(_ label: String, verbose: Bool) -> Logger {
        var logger = Logger(label: label, factory: { StreamLogHandler.standardError(label: $0) })
        let requested = ProcessInfo.processInfo.environment["PEACH_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:))
        logger.logLevel = verbose ? .debug : (requested ?? .warning)
        return logger
    }
}
