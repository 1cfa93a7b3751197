/// What a handler decided about a link.
public enum DeepLinkHandlerResult: Sendable {
    /// Go on: run the next handler, then show the screen.
    case proceed
    /// Do not take this link: routing continues with the next candidate route, or the fallback.
    case decline
}

/// A named callback that runs before a route's screen opens (MDL §2.8).
///
/// Handlers of a route run in the order the configuration lists them, on one parameter
/// dictionary: a change one handler makes is seen by the next and by the screen.
public struct DeepLinkHandler: Sendable {
    let body: @Sendable (inout DeepLinkParameters) async throws -> DeepLinkHandlerResult

    /// A handler that may decline the link.
    public static func deciding(
        _ body: @escaping @Sendable (inout DeepLinkParameters) async throws -> DeepLinkHandlerResult
    ) -> DeepLinkHandler {
        DeepLinkHandler(body: body)
    }
}
