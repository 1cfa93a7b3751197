/// One route of the configuration: what a matching link opens and runs.
public struct DeepLinkRoute: Sendable {
    /// The pattern, or `nil` for the default route.
    public let pattern: RoutePattern?
    /// The screen to open after the handlers, if the route names one.
    public let screen: DeepLinkScreen?
    /// Handler names, run in this order before the screen opens.
    public let handlers: [String]
    /// The declared path and query parameters, in file order.
    public let parameters: [RouteParameter]

    /// Creates a route.
    /// - Parameters:
    ///   - pattern: the pattern text, or `nil` for a default route.
    ///   - screen: the screen to open, if any.
    ///   - handlers: handler names, run in order before the screen.
    ///   - parameters: the declared path and query parameters.
    /// - Throws: ``DeepLinkConfigurationError/invalidPattern(route:reason:)`` for a bad pattern.
    public init(
        pattern: String?, screen: DeepLinkScreen? = nil, handlers: [String] = [], parameters: [RouteParameter] = []
    ) throws(DeepLinkConfigurationError) {
        self.pattern = try pattern.map { (text: String) throws(DeepLinkConfigurationError) in try RoutePattern(text) }
        self.screen = screen
        self.handlers = handlers
        self.parameters = parameters
    }

    /// The pattern text, or `defaultRoute` for the default route: how errors and output name it.
    public var name: String { pattern?.text ?? "defaultRoute" }

    /// The declared parameter with this name, if any.
    public func parameter(named name: String) -> RouteParameter? { parameters.first { $0.name == name } }
}

/// A declared route parameter: `{"required": true, "regex": "[0-9]"}`.
///
/// Path parameters are always present when their route matches; for them, only `regex`
/// matters. Query parameters reach handlers and screens only when declared (MDL §2.7).
public struct RouteParameter: Sendable {
    /// The parameter name: a `:name` of the pattern or a query key.
    public let name: String
    /// Whether a link without this parameter fails the route.
    public let isRequired: Bool
    /// The validation pattern, matched against the whole value.
    public var regex: String? { validator?.pattern }

    let validator: ValueValidator?

    /// Creates a parameter declaration.
    /// - Throws: ``DeepLinkConfigurationError/invalidRegex(route:parameter:regex:reason:)`` when
    ///   `regex` is not a valid ICU regular expression.
    public init(name: String, isRequired: Bool = false, regex: String? = nil) throws(DeepLinkConfigurationError) {
        self.name = name
        self.isRequired = isRequired
        do {
            validator = try regex.map { (pattern: String) throws(InvalidRegex) in try ValueValidator(pattern: pattern) }
        } catch {
            throw .invalidRegex(route: nil, parameter: name, regex: regex ?? "", reason: error.reason)
        }
    }

    /// Whether a present value passes the regex (always, without one).
    public func accepts(_ value: String) -> Bool { validator?.accepts(value) ?? true }
}
