public import Foundation
import IdentityProvider
import SalesforceAuth
import SalesforceCore
import URLEncoding

/// Plays the user at LocalOrg's login and consent pages: what a person does in the browser
/// during an OAuth login, for tests that need a real authorization code or fragment. The pages
/// are played by IdentityProvider's ``SimulatedBrowser``, the one login-page player of ForceKit.
public struct LoginPageDriver: Sendable {
    /// The username typed in.
    public var username: String
    /// The password typed in.
    public var password: String
    /// Whether the user allows access on the consent page.
    public var allows: Bool

    /// A user who types these credentials and allows access unless told otherwise.
    public init(username: String, password: String, allows: Bool = true) {
        self.username = username
        self.password = password
        self.allows = allows
    }

    /// Why the pages did not end in a redirect to the app.
    public struct Failure: Error, CustomStringConvertible {
        /// What happened.
        public let description: String
    }

    /// Opens `authorizeURL`, logs in, answers the consent page and returns the `Location` the
    /// server redirected to: the app's callback URL (the authorize URL's `redirect_uri`).
    public func approve(authorizeURL: URL) async throws -> String {
        let query = URLComponents(url: authorizeURL, resolvingAgainstBaseURL: false)?.percentEncodedQuery ?? ""
        guard let redirectURI = FormEncoding.decode(query).first(where: { $0.0 == "redirect_uri" })?.1 else {
            throw Failure(description: "\(authorizeURL) names no redirect_uri")
        }
        let browser = SimulatedBrowser(username: username, password: password, allowsAccess: allows)
        do {
            return try await browser.authenticate(url: authorizeURL, redirectURI: redirectURI)
        } catch {
            throw Failure(description: error.description)
        }
    }
}
