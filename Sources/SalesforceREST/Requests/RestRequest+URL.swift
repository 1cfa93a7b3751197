public import Foundation
public import SalesforceAuth
import URLEncoding

extension RestRequest {
    /// The URL the request goes to for these credentials.
    ///
    /// A path that is a whole `http(s)://` URL is used as is. Otherwise the base is the
    /// request's ``baseURL``, else the community URL, else the login host (``ServiceHostType/login``),
    /// else the instance; then the endpoint (unless the path already starts with it, as a
    /// `nextRecordsUrl` does), the path and the query.
    public func url(for credentials: OAuthCredentials?) throws(RestError) -> URL {
        let lowered = path.lowercased()
        var address: String
        if lowered.hasPrefix("https://") || lowered.hasPrefix("http://") {
            address = path
        } else {
            guard
                let base = baseURL
                    ?? credentials.map({ credentials in
                        if let community = credentials.communityURL { return community.absoluteString }
                        return serviceHostType == .login ? credentials.loginHost.baseURL : credentials.instanceURL.absoluteString
                    })
            else {
                throw .invalidRequest("\(path) is not a whole URL, and there is no user whose instance it could be on.")
            }
            var relative = path
            if serviceHostType != .custom, !endpoint.isEmpty, relative.hasPrefix(endpoint) {
                relative = String(relative.dropFirst(endpoint.count))
            }
            address = base.hasSuffix("/") ? base : base + "/"
            let trimmedEndpoint = endpoint.drop { $0 == "/" }
            if !trimmedEndpoint.isEmpty { address += trimmedEndpoint.hasSuffix("/") ? trimmedEndpoint : trimmedEndpoint + "/" }
            address += relative.drop { $0 == "/" }
        }
        if !queryItems.isEmpty { address += (address.contains("?") ? "&" : "?") + QueryEncoding.encode(queryItems) }
        guard let url = URL(string: address) else { throw .invalidRequest("\(address) is not a valid URL.") }
        return url
    }
}

/// Query strings as the iOS SDK writes them: see ``PercentEncoding/AllowedBytes/queryComponent``.
enum QueryEncoding {
    static func encode(_ items: [(name: String, value: String)]) -> String {
        items.map {
            PercentEncoding.encode($0.name, keeping: .queryComponent) + "=" + PercentEncoding.encode($0.value, keeping: .queryComponent)
        }
        .joined(separator: "&")
    }
}
