import Foundation
import IdentityProvider
import SalesforceAuth

extension FuzzTarget {
    /// The authorize request fuzzed callbacks are read for (its state is `fuzz-state`).
    private static let callbackRequest = try? AuthorizationRequest(
        flow: .webServer, loginHost: .production, consumerKey: "SPKEY", redirectURI: "sampleidpclientapp://oauth/done",
        scopes: OAuthScopes(["api"]), state: "fuzz-state", codeChallenge: "challenge")

    /// Identity-provider messages into the reader: a message that reads must read back equal
    /// once written, and a callback URL must give a code or an error, never a crash.
    static let idpMessage = FuzzTarget(
        name: "idp-message", summary: "identity-provider URLs into the message reader; what reads must read back equal once written"
    ) { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        if let callbackRequest { _ = try? FrontdoorURL.code(in: text, for: callbackRequest) }
        guard let url = URL(string: text), let message = try? IdPMessage(url: url) else { return }
        let written = message.url(scheme: "fuzz")
        guard let reread = try? IdPMessage(url: written), reread == message else {
            fatalError("An identity-provider message does not read back the same: \(written.absoluteString)")
        }
    }
}
