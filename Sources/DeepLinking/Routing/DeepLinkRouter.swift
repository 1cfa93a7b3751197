public import Foundation

/// Routes deep links as a `MobileDeepLinkingConfig.json` describes, MobileDeepLinking-compatible.
///
/// ```swift
/// var router = DeepLinkRouter(configuration: try DeepLinkConfiguration(contentsOf: configURL))
/// router.register("logAnalytics") { parameters in
///     analytics.log("sale", parameters["saleId"])
/// }
/// let outcome = try await router.route("mdldemo://sales/5?utmSource=mail", to: navigator)
/// ```
///
/// Matching compiles every pattern into a trie once, so routing a link costs a walk down its
/// segments however many routes there are. A literal segment beats a parameter (compared left
/// to right), remaining ties go to file order, and when nothing matches the fallback strategy
/// drops trailing segments down to the host, then tries the empty pattern, then the default route.
///
/// The router is a value: register handlers, then share it freely across tasks.
public struct DeepLinkRouter: Sendable {
    /// Receives each routing decision when logging is on.
    public typealias LogHandler = @Sendable (DeepLinkRoutingEvent) -> Void

    /// The configuration the router was built from.
    public let configuration: DeepLinkConfiguration
    /// Receives routing decisions. Set to standard error when the configuration's `logging` is
    /// on; replace it to send them to the app's logger, or set `nil` to silence them.
    public var logHandler: LogHandler?

    private let table: RouteTable
    private var handlers: [String: DeepLinkHandler] = [:]

    /// Compiles a configuration for routing.
    public init(configuration: DeepLinkConfiguration) {
        self.configuration = configuration
        table = RouteTable(configuration: configuration)
        logHandler = configuration.logging ? Self.standardErrorLog : nil
    }

    // MARK: Handlers

    /// Registers a handler under the name the configuration uses. It may be synchronous or
    /// `async`; it always lets routing proceed. A later registration replaces an earlier one.
    public mutating func register(
        _ name: String, _ handler: @escaping @Sendable (inout DeepLinkParameters) async throws -> Void
    ) {
        handlers[name] = .deciding { parameters in
            try await handler(&parameters)
            return .proceed
        }
    }

    /// Registers a handler value, such as one that may decline:
    ///
    /// ```swift
    /// router.register("requireLogin", .deciding { _ in session.isActive ? .proceed : .decline })
    /// ```
    ///
    /// When a handler declines, routing continues with the next candidate or the fallback.
    public mutating func register(_ name: String, _ handler: DeepLinkHandler) {
        handlers[name] = handler
    }

    /// The handler names the configuration uses that are not registered: check this at
    /// start-up to find a missing registration before a link does.
    public var unregisteredHandlers: [String] {
        configuration.handlerNames.filter { handlers[$0] == nil }
    }

    // MARK: Matching

    /// The route a link goes to, without running handlers: the first candidate in precedence
    /// and fallback order whose parameters validate.
    /// - Returns: `nil` when no route (not even a default one) takes the link.
    /// - Throws: ``DeepLinkError/invalidLink(_:reason:)`` when the text is not a link.
    public func match(_ link: String) throws(DeepLinkError) -> DeepLinkMatch? {
        var first: DeepLinkMatch?
        try table.forEachCandidate(in: link, log: logHandler) { match in
            first = match
            return true
        }
        return first
    }

    /// The route a URL goes to, without running handlers.
    public func match(_ url: URL) throws(DeepLinkError) -> DeepLinkMatch? {
        try match(url.absoluteString)
    }

    /// Every route that takes the link, in the order routing tries them, the default route last.
    public func candidates(for link: String) throws(DeepLinkError) -> [DeepLinkMatch] {
        var all: [DeepLinkMatch] = []
        try table.forEachCandidate(in: link, log: nil) { match in
            all.append(match)
            return false
        }
        return all
    }

    /// The routes, in file order, and the default route: the table the router serves.
    public var routes: [DeepLinkRoute] { configuration.routes }

    // MARK: Routing

    /// Routes a link: runs the matched route's handlers in order on one parameter dictionary,
    /// then shows its screen on the destination.
    ///
    /// When a handler declines, the next candidate route is tried (then the fallback steps,
    /// then the default route), each with its own parameters.
    /// - Throws: ``DeepLinkError`` for a malformed link, an unregistered handler (before any
    ///   handler of that route runs), a failing handler or a failing destination.
    public func route(
        _ link: String, to destination: (any DeepLinkDestination)? = nil
    ) async throws(DeepLinkError) -> DeepLinkOutcome {
        guard let first = try match(link) else { return .notRouted(handlersRun: []) }
        var handlersRun: [String] = []
        if let routing = try await run(first, destination: destination, handlersRun: &handlersRun) {
            return .routed(routing)
        }
        // Declines are rare: only then are the other candidates worked out.
        for candidate in try candidates(for: link).dropFirst() {
            if let routing = try await run(candidate, destination: destination, handlersRun: &handlersRun) {
                return .routed(routing)
            }
        }
        logHandler?(.notRouted)
        return .notRouted(handlersRun: handlersRun)
    }

    /// Routes a URL.
    public func route(
        _ url: URL, to destination: (any DeepLinkDestination)? = nil
    ) async throws(DeepLinkError) -> DeepLinkOutcome {
        try await route(url.absoluteString, to: destination)
    }

    /// Runs one candidate. - Returns: `nil` when a handler declined.
    private func run(
        _ candidate: DeepLinkMatch, destination: (any DeepLinkDestination)?, handlersRun: inout [String]
    ) async throws(DeepLinkError) -> DeepLinkRouting? {
        let routeName = candidate.route.name
        var resolved: [(String, DeepLinkHandler)] = []
        for name in candidate.route.handlers {
            guard let handler = handlers[name] else { throw .unregisteredHandler(name, route: routeName) }
            resolved.append((name, handler))
        }
        var parameters = candidate.parameters
        for (name, handler) in resolved {
            handlersRun.append(name)
            let result: DeepLinkHandlerResult
            do {
                result = try await handler.body(&parameters)
            } catch {
                throw .handlerFailed(name, route: routeName, underlying: error)
            }
            if result == .decline {
                logHandler?(.declined(route: routeName, handler: name))
                return nil
            }
        }
        if let screen = candidate.screen, let destination {
            do {
                try await destination.show(screen, parameters: parameters)
            } catch {
                throw .destinationFailed(route: routeName, underlying: error)
            }
        }
        return DeepLinkRouting(match: candidate, parameters: parameters, handlersRun: handlersRun)
    }

    /// Writes each event as a line on standard error, as the MDL libraries logged to the console.
    public static let standardErrorLog: LogHandler = { event in
        try? FileHandle.standardError.write(contentsOf: Data("[DeepLinking] \(event)\n".utf8))
    }
}
