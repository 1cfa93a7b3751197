public import Foundation

/// Why a link could not be built from a route: a ``Code`` to compare against, a message that
/// names the route and parameter, and what to do.
///
/// A struct, like ``DeepLinkError``, so that new codes do not break an app's `switch`.
public struct DeepLinkBuildingError: Error, CustomStringConvertible, LocalizedError {
    /// What kind of failure it is. New codes may be added in any release, so a `switch` over
    /// codes needs a `default`.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code's name, such as `missingParameter`.
        public let rawValue: String

        /// A code by name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The code's name.
        public var description: String { rawValue }

        /// No route has this pattern.
        public static let unknownRoute = Code(rawValue: "unknownRoute")
        /// A path parameter or a required query parameter has no value.
        public static let missingParameter = Code(rawValue: "missingParameter")
        /// A value is empty where a segment is needed, or fails the parameter's regex.
        public static let invalidParameterValue = Code(rawValue: "invalidParameterValue")
        /// The route does not declare this parameter, so the link would drop it.
        public static let undeclaredParameter = Code(rawValue: "undeclaredParameter")
        /// The scheme or host cannot be used.
        public static let invalidLinkComponent = Code(rawValue: "invalidLinkComponent")
        /// The link would be taken by a route of higher precedence.
        public static let linkRoutesElsewhere = Code(rawValue: "linkRoutesElsewhere")
    }

    /// What kind of failure it is.
    public let code: Code
    /// What went wrong, naming the route, parameter or link component.
    public let message: String
    /// What to do about it, when there is something to do.
    public let recoverySuggestion: String?
    /// The pattern of the route the link was built for.
    public let route: String?
    /// The parameter at fault.
    public let parameter: String?

    /// An error from its parts; the router makes its errors with the static functions named
    /// like the codes.
    public init(code: Code, message: String, recoverySuggestion: String? = nil, route: String? = nil, parameter: String? = nil) {
        self.code = code
        self.message = message
        self.recoverySuggestion = recoverySuggestion
        self.route = route
        self.parameter = parameter
    }

    /// The message and, when there is one, the suggestion.
    public var description: String {
        recoverySuggestion.map { message + " " + $0 } ?? message
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }

    /// ``Code/unknownRoute``.
    public static func unknownRoute(_ pattern: String) -> DeepLinkBuildingError {
        DeepLinkBuildingError(
            code: .unknownRoute, message: "No route has the pattern '\(pattern)'.",
            recoverySuggestion: "Use a pattern exactly as the configuration writes it.", route: pattern)
    }

    /// ``Code/missingParameter``.
    public static func missingParameter(_ name: String, route: String) -> DeepLinkBuildingError {
        DeepLinkBuildingError(
            code: .missingParameter, message: "Route '\(route)' needs a value for '\(name)'.", route: route, parameter: name)
    }

    /// ``Code/invalidParameterValue``.
    public static func invalidParameterValue(_ name: String, value: String, route: String, reason: String) -> DeepLinkBuildingError {
        DeepLinkBuildingError(
            code: .invalidParameterValue, message: "Route '\(route)': '\(name)' = '\(value)' cannot be used: \(reason).", route: route,
            parameter: name)
    }

    /// ``Code/undeclaredParameter``.
    public static func undeclaredParameter(_ name: String, route: String) -> DeepLinkBuildingError {
        DeepLinkBuildingError(
            code: .undeclaredParameter,
            message: "Route '\(route)' does not declare '\(name)' in routeParameters, so the link would lose it.",
            recoverySuggestion: "Declare it or leave it out.", route: route, parameter: name)
    }

    /// ``Code/invalidLinkComponent``.
    public static func invalidLinkComponent(_ component: String, reason: String) -> DeepLinkBuildingError {
        DeepLinkBuildingError(code: .invalidLinkComponent, message: "'\(component)' cannot be used in a link: \(reason).")
    }

    /// ``Code/linkRoutesElsewhere``.
    public static func linkRoutesElsewhere(_ link: String, expected: String, actual: String?) -> DeepLinkBuildingError {
        DeepLinkBuildingError(
            code: .linkRoutesElsewhere,
            message:
                "'\(link)' would be routed to \(actual.map { "'\($0)'" } ?? "no route") instead of '\(expected)', which takes precedence.",
            recoverySuggestion: "Choose other parameter values.", route: expected)
    }
}

extension DeepLinkBuildingError.Code {
    /// Whether `error` is a link-building error with this code, so that `catch` can name a code.
    public static func ~= (code: Self, error: any Error) -> Bool {
        (error as? DeepLinkBuildingError)?.code == code
    }
}
