package import Foundation

extension Data {
    /// base64url without padding (RFC 4648 §5), as PKCE writes verifiers and challenges.
    package var base64URLEncodedString: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
