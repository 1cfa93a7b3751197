package import Logging

extension Logger {
    /// A logger for one part of ForceKit, labelled `forcekit.<subsystem>` so that an app can
    /// route or silence ForceKit's messages through its own `LoggingSystem` bootstrap.
    package static func forceKit(_ subsystem: String) -> Logger {
        Logger(label: "forcekit.\(subsystem)")
    }
}
