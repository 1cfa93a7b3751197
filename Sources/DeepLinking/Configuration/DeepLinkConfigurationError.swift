public import Foundation

/// Why a `MobileDeepLinkingConfig.json` cannot be used. Every case names where the problem is.
public enum DeepLinkConfigurationError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The text is not JSON; line and column are 1-based.
    case malformedJSON(line: Int, column: Int, reason: String)
    /// An attribute has the wrong JSON type. `route` is `nil` for top-level attributes.
    case wrongType(route: String?, attribute: String, expected: String, found: String)
    /// A route pattern cannot be used.
    case invalidPattern(route: String, reason: String)
    /// A parameter's regex does not compile. `route` is `nil` for a parameter created in code
    /// before it belongs to a route.
    case invalidRegex(route: String?, parameter: String, regex: String, reason: String)

    /// The problem and where it is.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "Cannot read the deep-link configuration at \(path): \(reason)"
        case .malformedJSON(let line, let column, let reason):
            "The deep-link configuration is not valid JSON at line \(line), column \(column): \(reason)."
        case .wrongType(let route, let attribute, let expected, let found):
            "\(route.map { "Route '\($0)': " } ?? "")'\(attribute)' must be \(expected), not \(found)."
        case .invalidPattern(let route, let reason):
            "Route '\(route)': the pattern is invalid: \(reason)."
        case .invalidRegex(let route, let parameter, let regex, let reason):
            "\(route.map { "Route '\($0)': " } ?? "")parameter '\(parameter)': the regex '\(regex)' is invalid: \(reason)."
        }
    }
}

extension DeepLinkConfigurationError: LocalizedError {
    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
