import URLEncoding

/// A route's pattern such as `sales/:saleId`: literal segments and `:name` parameters.
///
/// A pattern's first segment matches the link's host (`mdldemo://sales/5`). A pattern that
/// starts with `/` matches the path alone, for https links whose host is the web site
/// (`https://shop.example.com/sales/5` matches `/sales/:saleId`). The empty pattern matches a
/// link with neither host nor path (`mdldemo://`); `/` matches an empty path.
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    /// One segment of a pattern.
    public enum Segment: Sendable, Hashable {
        /// Matches exactly this text (after percent-decoding the link).
        case literal(String)
        /// Matches any one non-empty segment and binds it to the name.
        case parameter(String)
    }

    /// The pattern as written.
    public let text: String
    /// The segments, empty segments dropped.
    public let segments: [Segment]
    /// Whether the pattern starts with `/` and so matches the path without the host.
    public let matchesPathOnly: Bool

    /// Parses a pattern.
    /// - Throws: ``DeepLinkConfigurationError/invalidPattern(route:reason:)`` for an empty
    ///   parameter name, a repeated parameter name, a query or fragment in the pattern, or a
    ///   malformed percent-escape.
    public init(_ text: String) throws(DeepLinkConfigurationError) {
        self.text = text
        matchesPathOnly = text.hasPrefix("/")
        if let forbidden = text.first(where: { $0 == "?" || $0 == "#" }) {
            throw .invalidPattern(
                route: text,
                reason:
                    "a pattern has path segments only, and '\(forbidden)' starts a query or fragment; declare query parameters in routeParameters"
            )
        }
        var names = Set<String>()
        var segments: [Segment] = []
        for piece in text.split(separator: "/", omittingEmptySubsequences: true) {
            if piece.hasPrefix(":") {
                let name = String(piece.dropFirst())
                guard !name.isEmpty else {
                    throw .invalidPattern(route: text, reason: "a ':' must be followed by a parameter name")
                }
                guard names.insert(name).inserted else {
                    throw .invalidPattern(route: text, reason: "the parameter ':\(name)' appears twice")
                }
                segments.append(.parameter(name))
            } else {
                guard let literal = PercentEncoding.decode(String(piece)) else {
                    throw .invalidPattern(route: text, reason: "the segment '\(piece)' has a malformed percent-escape")
                }
                segments.append(.literal(literal))
            }
        }
        self.segments = segments
    }

    /// The names of the path parameters, in order.
    public var parameterNames: [String] {
        segments.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
    }

    /// The pattern as written.
    public var description: String { text }
}
