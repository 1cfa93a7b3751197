public import Logging

extension Logger {
    /// A logger for one part of ForceKit, labelled `forcekit.<subsystem>`: its level and where its
    /// messages go follow ``ForceKitLogging`` at each message, so loggers kept in properties
    /// change with it.
    package static func forceKit(_ subsystem: String) -> Logger {
        ForceKitLogging.register(subsystem)
        return Logger(label: "forcekit.\(subsystem)") { label in ForwardingLogHandler(component: subsystem, label: label) }
    }
}

/// ForceKit's logging, one logger per component (`accounts`, `rest`, `smartstore`, `sync`,
/// `app`, …) on swift-log: each component's level, and where the messages go.
///
/// By default messages go to the handler of the app's `LoggingSystem` bootstrap (swift-log's
/// standard error stream when there is none) at ``defaultLevel``: `debug` in debug builds and
/// `error` in release builds, as in the Mobile SDK. No ForceKit message carries an access or
/// refresh token, an authorization code or a password.
///
/// ```swift
/// ForceKitLogging.setLevel(.info)                       // every component
/// ForceKitLogging.setLevel(.trace, for: "rest")         // each request, for one component
/// ForceKitLogging.route { label in MyLogHandler(label: label) }
/// ```
public enum ForceKitLogging {
    /// The level of a component nobody set one for: `debug` in debug builds, `error` in release builds.
    public static let defaultLevel: Logger.Level = {
        #if DEBUG
            .debug
        #else
            .error
        #endif
    }()

    private struct State {
        var level: Logger.Level?
        var levels: [String: Logger.Level] = [:]
        var components: Set<String> = []
        var route: (@Sendable (String) -> any LogHandler)?
    }

    private static let state = Locked(State())

    /// The components that have made a logger, sorted.
    public static var components: [String] {
        state.withLock { $0.components.sorted() }
    }

    /// Sets the level of `component`, or of every component without a level of its own when
    /// `component` is nil; a nil `level` goes back to the default.
    public static func setLevel(_ level: Logger.Level?, for component: String? = nil) {
        state.withLock { state in
            if let component { state.levels[component] = level } else { state.level = level }
        }
    }

    /// The level `component`'s messages are kept from.
    public static func level(for component: String) -> Logger.Level {
        state.withLock { $0.levels[component] ?? $0.level ?? defaultLevel }
    }

    /// Sends ForceKit's messages to the handlers `factory` makes (given each logger's label)
    /// instead of the `LoggingSystem`'s, or back to it when nil. Unlike a bootstrap, it can be
    /// changed at any time and leaves the app's other loggers alone.
    public static func route(_ factory: (@Sendable (String) -> any LogHandler)?) {
        state.withLock { $0.route = factory }
    }

    static func register(_ component: String) {
        state.withLock { _ = $0.components.insert(component) }
    }

    /// The handler a message of `label` goes to now.
    static func handler(for label: String) -> any LogHandler {
        if let route = state.withLock({ $0.route }) { return route(label) }
        return Logger(label: label).handler
    }
}

/// The handler behind every ForceKit logger: it reads the component's level and the route when
/// a message is logged, so that changing either reaches loggers made before.
struct ForwardingLogHandler: LogHandler {
    let component: String
    let label: String
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    var logLevel: Logger.Level {
        get { ForceKitLogging.level(for: component) }
        // A logger's own level follows the component's: setting it sets the component's.
        set { ForceKitLogging.setLevel(newValue, for: component) }
    }

    func log(event: LogEvent) {
        var target = ForceKitLogging.handler(for: label)
        // The target decides nothing more: the component's level already let the message through.
        target.logLevel = .trace
        var event = event
        if !metadata.isEmpty { event.metadata = metadata.merging(event.metadata ?? [:]) { _, new in new } }
        target.log(event: event)
    }
}
