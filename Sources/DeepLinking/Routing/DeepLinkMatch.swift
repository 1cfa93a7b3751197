/// A route that a link matched, with its parameters, before any handler has run.
public struct DeepLinkMatch: Sendable {
    let compiled: CompiledRoute

    /// The route.
    public var route: DeepLinkRoute { compiled.route }
    /// The screen to open, with the configuration's default storyboard filled in.
    public var screen: DeepLinkScreen? { compiled.screen }
    /// Path parameters (percent-decoded) and declared query parameters that were present.
    public let parameters: DeepLinkParameters
    /// How many trailing segments the fallback strategy dropped to reach this route: 0 for an
    /// exact match.
    public let droppedSegments: Int

    /// Whether this is the configuration's default route.
    public var isDefaultRoute: Bool { route.pattern == nil }
}

/// What routing a link did.
public enum DeepLinkOutcome: Sendable {
    /// A route took the link.
    case routed(DeepLinkRouting)
    /// No route took it and there is no default route (or it declined): show the normal launch
    /// screen.
    case notRouted(handlersRun: [String])

    /// The routing, when the link was routed.
    public var routing: DeepLinkRouting? {
        if case .routed(let routing) = self { routing } else { nil }
    }

    /// Every handler that ran, in order, including those of routes that declined.
    public var handlersRun: [String] {
        switch self {
        case .routed(let routing): routing.handlersRun
        case .notRouted(let handlersRun): handlersRun
        }
    }
}

/// A completed routing: the route that took the link and what happened.
public struct DeepLinkRouting: Sendable {
    /// The match that took the link.
    public let match: DeepLinkMatch
    /// The parameters after every handler ran: what the screen received.
    public let parameters: DeepLinkParameters
    /// Every handler that ran, in order, including those of routes that declined first.
    public let handlersRun: [String]

    /// The screen that was shown, if the route names one.
    public var screen: DeepLinkScreen? { match.screen }
}

/// One step of a routing decision, reported when the configuration's `logging` is on.
public enum DeepLinkRoutingEvent: Sendable, Equatable, CustomStringConvertible {
    /// A route matched the segments but a parameter failed its rules.
    case rejected(route: String, reason: String)
    /// Nothing matched; the fallback strategy dropped trailing segments.
    case fallback(droppedSegments: Int)
    /// A route matched and validated.
    case matched(route: String, parameters: DeepLinkParameters)
    /// A handler declined, so routing moves on.
    case declined(route: String, handler: String)
    /// No route took the link.
    case notRouted

    /// One line saying what happened.
    public var description: String {
        switch self {
        case .rejected(let route, let reason): "route '\(route)' rejected: \(reason)"
        case .fallback(let dropped): "no match; falling back with \(dropped) trailing segment(s) dropped"
        case .matched(let route, let parameters):
            "matched '\(route)' with \(parameters)"
        case .declined(let route, let handler): "handler '\(handler)' declined route '\(route)'"
        case .notRouted: "not routed: the app shows its launch screen"
        }
    }
}
