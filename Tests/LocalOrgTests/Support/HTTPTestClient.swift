import SalesforceAuth
import SalesforceCore

/// The raw client over the REST client's transport, for tests that start a server themselves.
typealias HTTPTestClient = RawHTTPClient

extension HTTPResponse {
    /// The body parsed as JSON, or null.
    var json: JSON { (try? JSON(parsing: Array(body))) ?? .null }
}
