public import Foundation

/// A `MobileDeepLinkingConfig.json`, loaded unchanged and validated.
///
/// ```swift
/// let configuration = try DeepLinkConfiguration(contentsOf: configURL)
/// var router = DeepLinkRouter(configuration: configuration)
/// ```
///
/// Loading checks everything that can be checked before a link arrives: JSON syntax (with line
/// and column), attribute types (naming the route and attribute), patterns and regexes. Unknown
/// attributes are ignored, and booleans may be JSON booleans or the strings `"true"`/`"false"`.
public struct DeepLinkConfiguration: Sendable {
    /// Whether routing decisions are logged (`logging`, default `false`).
    public var logging: Bool
    /// The default storyboards for routes that name a screen without their own.
    public var storyboard: StoryboardNames?
    /// The route used when nothing else matches.
    public var defaultRoute: DeepLinkRoute?
    /// The routes, in file order: the order that breaks ties between equally specific patterns.
    public var routes: [DeepLinkRoute]

    /// Creates a configuration in code.
    public init(
        logging: Bool = false, storyboard: StoryboardNames? = nil, defaultRoute: DeepLinkRoute? = nil,
        routes: [DeepLinkRoute]
    ) {
        self.logging = logging
        self.storyboard = storyboard
        self.defaultRoute = defaultRoute
        self.routes = routes
    }

    /// Loads a configuration file.
    public init(contentsOf url: URL) throws(DeepLinkConfigurationError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: Self.reason(for: error))
        }
        try self.init(data: data)
    }

    /// Parses configuration JSON.
    public init(data: Data) throws(DeepLinkConfigurationError) {
        let root: ConfigJSON
        do {
            root = try ConfigJSONParser.parse(Array(data))
        } catch {
            throw .malformedJSON(line: error.line, column: error.column, reason: error.reason)
        }
        self = try ConfigurationReader.configuration(from: root)
    }

    /// Parses configuration JSON text.
    public init(json: String) throws(DeepLinkConfigurationError) {
        try self.init(data: Data(json.utf8))
    }

    /// Every handler name the routes use, in first-use order.
    public var handlerNames: [String] {
        var seen = Set<String>()
        return (routes + [defaultRoute].compactMap { $0 }).flatMap(\.handlers).filter { seen.insert($0).inserted }
    }

    private static func reason(for error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        return underlying?.localizedDescription ?? error.localizedDescription
    }
}
