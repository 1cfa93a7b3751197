import URLEncoding

/// Building links: the inverse of matching.
extension DeepLinkRouter {
    /// Builds a link that routes back to the route with `pattern` and these parameters.
    ///
    /// ```swift
    /// try router.link(to: "sales/:saleId", parameters: ["saleId": "5", "utmSource": "mail"], scheme: "mdldemo")
    /// // "mdldemo://sales/5?utmSource=mail"
    /// ```
    ///
    /// Path parameters fill the `:name` segments; the other parameters become the query, in the
    /// order the route declares them. Every value is percent-encoded.
    /// - Parameters:
    ///   - pattern: the route's pattern exactly as the configuration writes it.
    ///   - parameters: a value for each path parameter and any declared query parameters.
    ///   - scheme: the link's scheme, such as `mdldemo` or `https`.
    ///   - host: the web site for a pattern that starts with `/`; must be `nil` otherwise.
    /// - Throws: ``DeepLinkBuildingError`` when a value is missing, empty, fails its regex or is not
    ///   declared, or when the link would be taken by a route of higher precedence.
    public func link(
        to pattern: String, parameters: DeepLinkParameters = [:], scheme: String, host: String? = nil
    ) throws(DeepLinkBuildingError) -> String {
        guard let route = configuration.routes.first(where: { $0.pattern?.text == pattern }),
            let routePattern = route.pattern
        else { throw .unknownRoute(pattern) }
        try Self.checkScheme(scheme)

        var link = scheme + "://"
        if routePattern.matchesPathOnly {
            guard let host, !host.isEmpty else {
                throw .invalidLinkComponent(
                    pattern, reason: "a pattern that starts with '/' matches the path only, so the link needs a host (the web site)")
            }
            guard host.utf8.allSatisfy(Self.hostBytes.contains) else {
                throw .invalidLinkComponent(host, reason: "a host has letters, digits, '-', '.' and an optional ':port'")
            }
            link += host
        } else if let host {
            throw .invalidLinkComponent(host, reason: "the pattern '\(pattern)' starts with the host segment, so no separate host is used")
        }

        var segments: [String] = []
        for segment in routePattern.segments {
            switch segment {
            case .literal(let text):
                segments.append(PercentEncoding.encode(text))
            case .parameter(let name):
                guard let value = parameters[name] else { throw .missingParameter(name, route: pattern) }
                guard !value.isEmpty else {
                    throw .invalidParameterValue(name, value: value, route: pattern, reason: "a path segment cannot be empty")
                }
                try Self.check(value, of: route.parameter(named: name), name: name, route: pattern)
                segments.append(PercentEncoding.encode(value))
            }
        }
        link += (routePattern.matchesPathOnly ? "/" : "") + segments.joined(separator: "/")

        let pathNames = Set(routePattern.parameterNames)
        if let undeclared = parameters.names.sorted().first(where: { !pathNames.contains($0) && route.parameter(named: $0) == nil }) {
            throw .undeclaredParameter(undeclared, route: pattern)
        }
        var query: [String] = []
        for parameter in route.parameters where !pathNames.contains(parameter.name) {
            guard let value = parameters[parameter.name] else {
                if parameter.isRequired { throw .missingParameter(parameter.name, route: pattern) }
                continue
            }
            try Self.check(value, of: parameter, name: parameter.name, route: pattern)
            query.append(PercentEncoding.encode(parameter.name) + "=" + PercentEncoding.encode(value))
        }
        if !query.isEmpty { link += "?" + query.joined(separator: "&") }

        // The link is well formed by construction; a link that did not parse would route nowhere.
        let routed = try? match(link)
        guard routed?.route.pattern?.text == pattern, routed?.droppedSegments == 0 else {
            throw .linkRoutesElsewhere(link, expected: pattern, actual: routed?.route.name)
        }
        return link
    }

    private static func check(
        _ value: String, of parameter: RouteParameter?, name: String, route: String
    ) throws(DeepLinkBuildingError) {
        guard let parameter, !parameter.accepts(value) else { return }
        throw .invalidParameterValue(name, value: value, route: route, reason: "it does not match \(parameter.regex ?? "")")
    }

    /// What a host of a path-only link may hold: unreserved characters and `:` before a port.
    private static let hostBytes = PercentEncoding.AllowedBytes(unreservedAnd: ":")

    private static func checkScheme(_ scheme: String) throws(DeepLinkBuildingError) {
        let bytes = Array(scheme.utf8)
        let isLetter = { (byte: UInt8) in (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) }
        let valid =
            bytes.first.map(isLetter) == true
            && bytes.allSatisfy { byte in
                isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            }
        guard valid else {
            throw .invalidLinkComponent(scheme, reason: "a scheme starts with a letter and has only letters, digits, '+', '-' and '.'")
        }
    }
}
