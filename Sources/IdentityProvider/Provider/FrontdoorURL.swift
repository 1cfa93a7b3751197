public import Foundation
public import SalesforceAuth
import SalesforceCore
import URLEncoding

/// The page the IdP's web view loads to obtain a code for an SP:
/// `<instance>/secur/frontdoor.jsp?sid=<IdP user's access token>&retURL=<authorize URL>`.
///
/// The IdP's session only logs the browser in; the authorize request names the SP's client id,
/// redirect URI and PKCE challenge, so the code is the SP's and only the SP can exchange it. The
/// request carries a state of the IdP's own, which the callback must echo.
public enum FrontdoorURL {
    /// The authorize request the IdP's browser makes for `request` at `loginHost`.
    /// - Throws: ``IdPError`` `codeNotObtained` when the login host does not make a URL.
    public static func authorizeRequest(for request: IdPAuthRequest, loginHost: LoginHost) throws(IdPError) -> AuthorizationRequest {
        do {
            return try AuthorizationRequest(
                flow: .webServer, loginHost: loginHost, consumerKey: request.clientID, redirectURI: request.redirectURI,
                scopes: OAuthScopes(request.scopes), codeChallenge: request.codeChallenge)
        } catch {
            throw IdPError(code: .codeNotObtained, message: error.message, recoverySuggestion: error.recoverySuggestion)
        }
    }

    /// The frontdoor URL on `instanceURL` with the IdP user's `accessToken`, going on to
    /// `authorize`; nil when the instance URL does not make one.
    public static func make(authorizing authorize: AuthorizationRequest, instanceURL: URL, accessToken: String) -> URL? {
        let base = instanceURL.absoluteString.hasSuffix("/") ? String(instanceURL.absoluteString.dropLast()) : instanceURL.absoluteString
        let query = FormEncoding.encode([("sid", accessToken), ("retURL", authorize.url.absoluteString)])
        return URL(string: base + "/secur/frontdoor.jsp?" + query)
    }

    /// The code in the SP's callback that the web view intercepted, for `authorize`.
    /// - Throws: ``IdPError`` `codeNotObtained` for an `ec=301`/`ec=302` redirect (Salesforce's
    ///   answer when the session is not accepted), a wrong state, an error (`accessDenied` for
    ///   `access_denied`) or no code.
    public static func code(in callback: String, for authorize: AuthorizationRequest) throws(IdPError) -> String {
        // Salesforce's ec redirect carries no state: it is told apart before the state is checked.
        let query = callback.split(atScalars: ["?"], maxSplits: 1).dropFirst().first?.prefix { $0 != "#" } ?? ""
        if let ec = FormEncoding.decode(query).first(where: { $0.0 == "ec" })?.1, ec == "301" || ec == "302" {
            throw IdPError(
                code: .codeNotObtained, message: "Salesforce redirected (ec=\(ec)) instead of issuing a code.", recoverySuggestion: nil)
        }
        do {
            guard case .code(let code) = try authorize.parseCallback(callback) else {
                throw IdPError(code: .codeNotObtained, message: "The callback carried tokens, not a code.", recoverySuggestion: nil)
            }
            return code
        } catch let error as OAuthError {
            throw IdPError(
                code: error.kind == .accessDenied ? .accessDenied : .codeNotObtained,
                message: "Salesforce did not issue a code: \(error.message)", recoverySuggestion: error.recoverySuggestion)
        } catch let error as IdPError {
            throw error
        } catch {
            throw IdPError(code: .codeNotObtained, message: "\(error)", recoverySuggestion: nil)
        }
    }
}
