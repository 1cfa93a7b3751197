import Foundation

/// `application/x-www-form-urlencoded`, as OAuth and the REST API's query strings use it:
/// everything but `A–Z a–z 0–9 - . _ ~` is percent-encoded (`+` and space included), and
/// decoding reads `+` as a space before percent-decoding, so `%2B` stays a plus.
///
/// One implementation serves the OAuth client, LocalOrg's server and the test tools, so both
/// ends of every exchange agree.
public enum FormEncoding {
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Percent-encodes one name or value.
    public static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// Encodes pairs as `name=value&name=value`, in the order given.
    public static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
    }

    /// Decodes `name=value&...` in order; a pair whose encoding is malformed keeps its text as written.
    public static func decode(_ text: some StringProtocol) -> [(String, String)] {
        text.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (decodeComponent(parts[0]), parts.count > 1 ? decodeComponent(parts[1]) : "")
        }
    }

    private static func decodeComponent(_ text: some StringProtocol) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}

extension Data {
    /// base64url without padding (RFC 4648 §5), as PKCE writes verifiers and challenges.
    public var base64URLEncodedString: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
