/// `authresponse`, from the IdP to the SP: the authorization code for the SP's own client id.
public struct IdPAuthResponse: Sendable, Equatable {
    /// The one-time code, to exchange with the SP's PKCE verifier (`code`).
    public var code: String
    /// The request's state, echoed (`state`).
    public var state: String
    /// The login host the code came from (`login_host`); the SP uses its request's when absent.
    public var loginHost: String?

    /// A response.
    public init(code: String, state: String, loginHost: String? = nil) {
        self.code = code
        self.state = state
        self.loginHost = loginHost
    }

    var parameters: [(String, String)] {
        var pairs = [("code", code), ("state", state)]
        if let loginHost { pairs.append(("login_host", loginHost)) }
        return pairs
    }

    init(_ fields: MessageFields) throws(IdPError) {
        // The SDK's IdP sends no state: such a response is read, then refused as unsolicited.
        self.init(code: try fields.required("code"), state: fields["state"] ?? "", loginHost: fields["login_host"])
    }
}
