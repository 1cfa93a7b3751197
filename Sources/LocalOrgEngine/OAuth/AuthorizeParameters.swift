/// The parameters of an authorize request.
package struct AuthorizeParameters: Sendable {
    var responseType: String
    var clientID: String
    var redirectURI: String
    var state: String?
    var scope: String?
    var codeChallenge: String?
    /// OpenID Connect's `nonce`, which the ID token repeats so the app knows it asked for it.
    var nonce: String?

    init(_ fields: [String: String]) {
        responseType = fields["response_type"] ?? ""
        clientID = fields["client_id"] ?? ""
        redirectURI = fields["redirect_uri"] ?? ""
        state = fields["state"]
        scope = fields["scope"]
        codeChallenge = fields["code_challenge"].flatMap { $0.isEmpty ? nil : $0 }
        nonce = fields["nonce"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The fields to carry through the login form.
    package var formFields: [String: String] {
        var fields = ["response_type": responseType, "client_id": clientID, "redirect_uri": redirectURI]
        fields["state"] = state
        fields["scope"] = scope
        fields["code_challenge"] = codeChallenge
        fields["nonce"] = nonce
        return fields
    }
}
