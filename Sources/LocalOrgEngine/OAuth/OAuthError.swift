package import SalesforceCore

/// An OAuth error as the token endpoint answers it: `{"error", "error_description"}`, an
/// object, not the REST API's array.
package struct OAuthError: Error, Sendable, Equatable {
    /// The HTTP status, 400 unless said otherwise.
    package var status: Int
    /// `invalid_grant`, `invalid_client_id`, `unsupported_grant_type` ...
    package var error: String
    /// The human-readable description.
    package var description: String

    /// Creates an error.
    package init(status: Int = 400, _ error: String, _ description: String) {
        self.status = status
        self.error = error
        self.description = description
    }

    package var json: JSON { ["error": .string(error), "error_description": .string(description)] }

    static let invalidClientID = OAuthError("invalid_client_id", "client identifier invalid")
    static let authenticationFailure = OAuthError("invalid_grant", "authentication failure")
    static let expiredToken = OAuthError("invalid_grant", "expired access/refresh token")
    static let invalidCode = OAuthError("invalid_grant", "invalid authorization code")
}
