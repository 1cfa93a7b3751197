import Foundation
public import SalesforceAuth

/// The guides' rules for pairing an IdP app with an SP app: two connected apps, with their own
/// consumer keys and callback URLs whose schemes differ, and the IdP granted `web`.
public enum IdPPairing {
    /// Checks the two apps' boot configurations.
    /// - Returns: Warnings that do not stop the pairing (the IdP without the `web` scope, with
    ///   which Salesforce stops the flow on an error page).
    /// - Throws: ``IdPError`` `sameConsumerKey`, `sameCallbackURL` or `sameCallbackScheme`.
    @discardableResult
    public static func validate(identityProvider idp: BootConfig, serviceProvider sp: BootConfig) throws(IdPError) -> [String] {
        guard idp.consumerKey != sp.consumerKey else {
            throw IdPError(
                code: .sameConsumerKey,
                message: "The IdP and the SP use the same consumer key; Salesforce answers \"invalid credentials\".",
                recoverySuggestion: "Create a connected app for each.")
        }
        guard idp.redirectURI != sp.redirectURI else {
            throw IdPError(
                code: .sameCallbackURL, message: "The IdP and the SP use the same callback URL \(sp.redirectURI).",
                recoverySuggestion: "Give each connected app its own callback URL.")
        }
        let idpScheme = URL(string: idp.redirectURI)?.scheme?.lowercased()
        guard idpScheme == nil || idpScheme != URL(string: sp.redirectURI)?.scheme?.lowercased() else {
            throw IdPError(
                code: .sameCallbackScheme, message: "The IdP's and the SP's callback URLs share the scheme \(idpScheme ?? "").",
                recoverySuggestion: "The SP's scheme must differ from the IdP's, or the OS cannot tell which app a URL is for.")
        }
        return idp.scopes.contains("web")
            ? [] : ["The IdP does not ask for the web scope: Salesforce shows an error page instead of the code."]
    }
}
