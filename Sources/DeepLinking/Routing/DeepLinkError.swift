public import Foundation

/// Why a link could not be routed: a ``Code`` to compare against, a message that names the link,
/// route or handler, and what to do.
///
/// The error is a struct, not an enum, so that the router can tell apart new failures without
/// breaking an app's exhaustive `switch`. Building a link fails with ``DeepLinkBuildingError``.
///
/// ```swift
/// do {
///     try await router.route(url, to: navigator)
/// } catch DeepLinkError.Code.unregisteredHandler {
///     assertionFailure("register every handler the configuration names")
/// }
/// ```
public struct DeepLinkError: Error, CustomStringConvertible, LocalizedError {
    /// What kind of failure it is. New codes may be added in any release, so a `switch` over
    /// codes needs a `default`.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code's name, such as `invalidLink`.
        public let rawValue: String

        /// A code by name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The code's name.
        public var description: String { rawValue }

        /// The text is not a link of the form `scheme://host/path?query`.
        public static let invalidLink = Code(rawValue: "invalidLink")
        /// A route names a handler that was never registered; nothing ran.
        public static let unregisteredHandler = Code(rawValue: "unregisteredHandler")
        /// A handler threw; ``DeepLinkError/underlyingError`` is what it threw.
        public static let handlerFailed = Code(rawValue: "handlerFailed")
        /// The destination could not show the screen; ``DeepLinkError/underlyingError`` is why.
        public static let destinationFailed = Code(rawValue: "destinationFailed")
    }

    /// What kind of failure it is.
    public let code: Code
    /// What went wrong, naming the link, route or handler.
    public let message: String
    /// What to do about it, when there is something to do.
    public let recoverySuggestion: String?
    /// The route whose handler or screen failed.
    public let route: String?
    /// The handler that is not registered, or that threw.
    public let handler: String?
    /// What a handler or the destination threw.
    public let underlyingError: (any Error)?

    /// An error from its parts; the router makes its errors with the static functions named
    /// like the codes.
    public init(
        code: Code, message: String, recoverySuggestion: String? = nil, route: String? = nil, handler: String? = nil,
        underlyingError: (any Error)? = nil
    ) {
        self.code = code
        self.message = message
        self.recoverySuggestion = recoverySuggestion
        self.route = route
        self.handler = handler
        self.underlyingError = underlyingError
    }

    /// The message and, when there is one, the suggestion.
    public var description: String {
        recoverySuggestion.map { message + " " + $0 } ?? message
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }

    /// ``Code/invalidLink``.
    public static func invalidLink(_ link: String, reason: String) -> DeepLinkError {
        DeepLinkError(code: .invalidLink, message: "'\(link)' is not a deep link: \(reason).")
    }

    /// ``Code/unregisteredHandler``.
    public static func unregisteredHandler(_ name: String, route: String) -> DeepLinkError {
        DeepLinkError(
            code: .unregisteredHandler, message: "Route '\(route)' uses the handler '\(name)', which is not registered; nothing ran.",
            recoverySuggestion: "Register it with router.register(\"\(name)\") before routing.", route: route, handler: name)
    }

    /// ``Code/handlerFailed``.
    public static func handlerFailed(_ name: String, route: String, underlying: any Error) -> DeepLinkError {
        DeepLinkError(
            code: .handlerFailed, message: "The handler '\(name)' of route '\(route)' failed: \(underlying)", route: route, handler: name,
            underlyingError: underlying)
    }

    /// ``Code/destinationFailed``.
    public static func destinationFailed(route: String, underlying: any Error) -> DeepLinkError {
        DeepLinkError(
            code: .destinationFailed, message: "The screen of route '\(route)' could not be shown: \(underlying)", route: route,
            underlyingError: underlying)
    }
}

extension DeepLinkError.Code {
    /// Whether `error` is a routing error with this code, so that `catch` can name a code.
    public static func ~= (code: Self, error: any Error) -> Bool {
        (error as? DeepLinkError)?.code == code
    }
}
