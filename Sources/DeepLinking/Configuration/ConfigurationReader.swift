/// Turns parsed configuration JSON into a ``DeepLinkConfiguration``, checking each attribute's
/// type (MDL §2.5) and naming the route and attribute when one is wrong.
enum ConfigurationReader {
    static func configuration(from root: ConfigJSON) throws(DeepLinkConfigurationError) -> DeepLinkConfiguration {
        guard case .object(let members) = root else {
            throw .wrongType(route: nil, attribute: "(top level)", expected: "an object", found: root.typeName)
        }
        let top = Attributes(members: members, route: nil)
        let logging = try top.bool("logging") ?? false
        let storyboard = try top.storyboard("storyboard")
        let defaultRoute = try top.object("defaultRoute").map { (members) throws(DeepLinkConfigurationError) in
            try route(pattern: nil, members: members)
        }
        var routes: [DeepLinkRoute] = []
        for (pattern, value) in try top.object("routes") ?? [] {
            guard case .object(let routeMembers) = value else {
                throw .wrongType(route: pattern, attribute: "(route)", expected: "an object", found: value.typeName)
            }
            routes.append(try route(pattern: pattern, members: routeMembers))
        }
        return DeepLinkConfiguration(logging: logging, storyboard: storyboard, defaultRoute: defaultRoute, routes: routes)
    }

    private static func route(
        pattern: String?, members: [(key: String, value: ConfigJSON)]
    ) throws(DeepLinkConfigurationError) -> DeepLinkRoute {
        let name = pattern ?? "defaultRoute"
        let attributes = Attributes(members: members, route: name)
        let className = try attributes.string("class")
        let identifier = try attributes.string("identifier")
        let storyboard = try attributes.storyboard("storyboard")
        let hasScreen = className != nil || identifier != nil || storyboard != nil
        let screen = hasScreen ? DeepLinkScreen(className: className, identifier: identifier, storyboard: storyboard) : nil
        let handlers = try attributes.strings("handlers") ?? []
        var parameters: [RouteParameter] = []
        for (parameterName, value) in try attributes.object("routeParameters") ?? [] {
            parameters.append(try parameter(parameterName, value, route: name))
        }
        return try DeepLinkRoute(pattern: pattern, screen: screen, handlers: handlers, parameters: parameters)
    }

    private static func parameter(
        _ name: String, _ value: ConfigJSON, route: String
    ) throws(DeepLinkConfigurationError) -> RouteParameter {
        let attribute = "routeParameters.\(name)"
        guard case .object(let members) = value else {
            throw .wrongType(route: route, attribute: attribute, expected: "an object", found: value.typeName)
        }
        let attributes = Attributes(members: members, route: route, prefix: attribute + ".")
        let required = try attributes.bool("required") ?? false
        let regex = try attributes.string("regex")
        do {
            return try RouteParameter(name: name, isRequired: required, regex: regex)
        } catch {
            guard case .invalidRegex(_, let parameter, let regex, let reason) = error else { throw error }
            throw .invalidRegex(route: route, parameter: parameter, regex: regex, reason: reason)
        }
    }
}

/// Typed access to one JSON object's members, with errors that name the route and attribute.
private struct Attributes {
    let members: [(key: String, value: ConfigJSON)]
    let route: String?
    var prefix = ""

    private func value(_ key: String) -> ConfigJSON? {
        guard let value = members.first(where: { $0.key == key })?.value else { return nil }
        // An explicit null means the same as an absent attribute.
        if case .null = value { return nil }
        return value
    }

    private func mismatch(_ key: String, _ expected: String, _ found: ConfigJSON) -> DeepLinkConfigurationError {
        .wrongType(route: route, attribute: prefix + key, expected: expected, found: found.typeName)
    }

    func string(_ key: String) throws(DeepLinkConfigurationError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let text) = value else { throw mismatch(key, "a string", value) }
        return text
    }

    /// A boolean, also accepted as the strings "true" and "false" that older configs use.
    func bool(_ key: String) throws(DeepLinkConfigurationError) -> Bool? {
        guard let value = value(key) else { return nil }
        switch value {
        case .bool(let flag): return flag
        case .string(let text) where text.lowercased() == "true": return true
        case .string(let text) where text.lowercased() == "false": return false
        default: throw mismatch(key, "a boolean (or \"true\"/\"false\")", value)
        }
    }

    func strings(_ key: String) throws(DeepLinkConfigurationError) -> [String]? {
        guard let value = value(key) else { return nil }
        guard case .array(let elements) = value else { throw mismatch(key, "an array of strings", value) }
        var result: [String] = []
        for element in elements {
            guard case .string(let text) = element else { throw mismatch(key, "an array of strings", element) }
            result.append(text)
        }
        return result
    }

    func object(_ key: String) throws(DeepLinkConfigurationError) -> [(key: String, value: ConfigJSON)]? {
        guard let value = value(key) else { return nil }
        guard case .object(let members) = value else { throw mismatch(key, "an object", value) }
        return members
    }

    func storyboard(_ key: String) throws(DeepLinkConfigurationError) -> StoryboardNames? {
        guard let members = try object(key) else { return nil }
        let names = Attributes(members: members, route: route, prefix: prefix + key + ".")
        return StoryboardNames(iPhone: try names.string("iPhone"), iPad: try names.string("iPad"))
    }
}
