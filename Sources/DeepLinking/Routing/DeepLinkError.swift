public import Foundation

/// Why a link could not be routed or built.
public enum DeepLinkError: Error, CustomStringConvertible, LocalizedError {
    /// The text is not a link of the form `scheme://host/path?query`.
    case invalidLink(String, reason: String)
    /// A route names a handler that was never registered; nothing ran.
    case unregisteredHandler(String, route: String)
    /// A handler threw.
    case handlerFailed(String, route: String, underlying: any Error)
    /// The destination could not show the screen.
    case destinationFailed(route: String, underlying: any Error)
    /// Building a link: no route has this pattern.
    case unknownRoute(String)
    /// Building a link: a path parameter or a required query parameter has no value.
    case missingParameter(String, route: String)
    /// Building a link: a value is empty where a segment is needed, or fails the regex.
    case invalidParameterValue(String, value: String, route: String, reason: String)
    /// Building a link: the route does not declare this parameter, so it would be dropped.
    case undeclaredParameter(String, route: String)
    /// Building a link: the scheme or host cannot be used.
    case invalidLinkComponent(String, reason: String)
    /// Building a link: the link would be taken by a route of higher precedence.
    case linkRoutesElsewhere(String, expected: String, actual: String?)

    /// What went wrong, naming the link, route, handler or parameter, and what to do.
    public var description: String {
        switch self {
        case .invalidLink(let link, let reason):
            "'\(link)' is not a deep link: \(reason)."
        case .unregisteredHandler(let name, let route):
            "Route '\(route)' uses the handler '\(name)', which is not registered; nothing ran. Register it with router.register(\"\(name)\") before routing."
        case .handlerFailed(let name, let route, let underlying):
            "The handler '\(name)' of route '\(route)' failed: \(underlying)"
        case .destinationFailed(let route, let underlying):
            "The screen of route '\(route)' could not be shown: \(underlying)"
        case .unknownRoute(let pattern):
            "No route has the pattern '\(pattern)'; use a pattern exactly as the configuration writes it."
        case .missingParameter(let name, let route):
            "Route '\(route)' needs a value for '\(name)'."
        case .invalidParameterValue(let name, let value, let route, let reason):
            "Route '\(route)': '\(name)' = '\(value)' cannot be used: \(reason)."
        case .undeclaredParameter(let name, let route):
            "Route '\(route)' does not declare '\(name)' in routeParameters, so the link would lose it; declare it or leave it out."
        case .invalidLinkComponent(let component, let reason):
            "'\(component)' cannot be used in a link: \(reason)."
        case .linkRoutesElsewhere(let link, let expected, let actual):
            "'\(link)' would be routed to \(actual.map { "'\($0)'" } ?? "no route") instead of '\(expected)', which takes precedence; choose other parameter values."
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
