/// An HTTP method a REST request uses.
public enum RestMethod: String, Sendable, CaseIterable {
    /// GET.
    case get = "GET"
    /// POST.
    case post = "POST"
    /// PUT.
    case put = "PUT"
    /// DELETE.
    case delete = "DELETE"
    /// HEAD.
    case head = "HEAD"
    /// PATCH.
    case patch = "PATCH"
}

/// Which base URL a request's path is appended to.
public enum ServiceHostType: Sendable {
    /// The login host (the userinfo endpoint).
    case login
    /// The user's instance, or community URL: almost every call.
    case instance
    /// The request's own ``RestRequest/baseURL``.
    case custom
}
