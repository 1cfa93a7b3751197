public import Foundation

extension OAuthCredentials {
    /// Whether `url` is on one of the hosts this user's access token is for: the instance (the
    /// org's My Domain), the community's site, the login host and the identity URL's host. Scheme,
    /// host and port must all match; a request anywhere else is sent without the token, and its
    /// 401 refreshes nothing, so a page or a server that names another host never receives it.
    public func isTokenHost(_ url: URL) -> Bool {
        guard let origin = Origin(url) else { return false }
        let own = [instanceURL, identityURL, communityURL, URL(string: loginHost.baseURL)].compactMap { $0.flatMap(Origin.init) }
        return own.contains(origin)
    }
}

/// A URL's scheme, host and port, compared as a browser compares origins.
private struct Origin: Equatable {
    var scheme: String
    var host: String
    var port: Int

    init?(_ url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false), let scheme = components.scheme?.lowercased(),
            let host = components.host?.lowercased(), !host.isEmpty, components.user == nil, components.password == nil
        else { return nil }
        let defaultPort: Int
        switch scheme {
        case "https": defaultPort = 443
        case "http": defaultPort = 80
        default: return nil
        }
        self.scheme = scheme
        self.host = host.hasSuffix(".") ? String(host.dropLast()) : host
        port = components.port ?? defaultPort
    }
}
