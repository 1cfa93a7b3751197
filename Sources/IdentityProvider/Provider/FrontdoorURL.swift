public import Foundation
import URLEncoding

/// The page the IdP's web view loads to obtain a code for an SP:
/// `<instance>/secur/frontdoor.jsp?sid=<IdP user's access token>&retURL=<authorize URL>`.
///
/// The IdP's session only logs the browser in; the authorize URL names the SP's client id,
/// redirect URI and PKCE challenge, so the code is the SP's and only the SP can exchange it.
public enum FrontdoorURL {
    /// The authorize URL for `request` at `loginHostURL` (`https://login.salesforce.com`).
    public static func authorizeURL(for request: IdPAuthRequest, loginHostURL: String) -> String {
        let pairs = [
            ("response_type", "code"), ("client_id", request.clientID), ("redirect_uri", request.redirectURI), ("display", "touch"),
            ("scope", request.scopes.joined(separator: " ")), ("code_challenge", request.codeChallenge),
            ("code_challenge_method", "S256"),
        ]
        return loginHostURL + "/services/oauth2/authorize?" + FormEncoding.encode(pairs)
    }

    /// The frontdoor URL on `instanceURL` with the IdP user's `accessToken`; nil when the
    /// instance URL does not make one.
    public static func make(for request: IdPAuthRequest, instanceURL: URL, accessToken: String, loginHostURL: String) -> URL? {
        let base = instanceURL.absoluteString.hasSuffix("/") ? String(instanceURL.absoluteString.dropLast()) : instanceURL.absoluteString
        let query = FormEncoding.encode([("sid", accessToken), ("retURL", authorizeURL(for: request, loginHostURL: loginHostURL))])
        return URL(string: base + "/secur/frontdoor.jsp?" + query)
    }

    /// The code in the SP's callback that the web view intercepted (its query or fragment).
    /// - Throws: ``IdPError`` `codeNotObtained` for an `ec=301`/`ec=302` redirect, an `error`
    ///   (`accessDenied` for `access_denied`) or no code.
    public static func code(in callback: String) throws(IdPError) -> String {
        let afterQuery = callback.split(separator: "?", maxSplits: 1).dropFirst().first ?? ""
        let afterHash = callback.split(separator: "#", maxSplits: 1).dropFirst().first ?? ""
        let fields = MessageFields(command: "callback", query: afterQuery.split(separator: "#").first ?? "")
        let fragment = MessageFields(command: "callback", query: afterHash)
        if let ec = fields["ec"] ?? fragment["ec"], ec == "301" || ec == "302" {
            throw IdPError(
                code: .codeNotObtained, message: "Salesforce redirected (ec=\(ec)) instead of issuing a code.", recoverySuggestion: nil)
        }
        if let error = fields["error"] ?? fragment["error"] {
            let description = fields["error_description"] ?? fragment["error_description"] ?? error
            let code: IdPError.Code = error == "access_denied" ? .accessDenied : .codeNotObtained
            throw IdPError(code: code, message: "Salesforce refused the code: \(description)", recoverySuggestion: nil)
        }
        guard let code = fields["code"] ?? fragment["code"] else {
            throw IdPError(code: .codeNotObtained, message: "The callback carried no code.", recoverySuggestion: nil)
        }
        return code
    }
}
