/// `application/x-www-form-urlencoded`, as OAuth and the REST API's query strings use it:
/// everything but `A–Z a–z 0–9 - . _ ~` is percent-encoded (`+` and space included), and
/// decoding reads `+` as a space before percent-decoding, so `%2B` stays a plus.
///
/// One implementation serves the OAuth client, LocalOrg's server and the test tools, so both
/// ends of every exchange agree.
package enum FormEncoding {
    /// Percent-encodes one name or value.
    package static func encode(_ text: String) -> String {
        PercentEncoding.encode(text)
    }

    /// Encodes pairs as `name=value&name=value`, in the order given.
    package static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
    }

    /// Decodes `name=value&...` in order; a pair whose encoding is malformed keeps its text as
    /// written. It splits at the separators' Unicode scalars, as a server reads the bytes: an
    /// `&` a combining mark follows is one Swift `Character`, yet it still separates two pairs.
    package static func decode(_ text: some StringProtocol) -> [(String, String)] {
        text.unicodeScalars.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (decodeComponent(parts[0]), parts.count > 1 ? decodeComponent(parts[1]) : "")
        }
    }

    private static func decodeComponent(_ scalars: some Collection<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        let text = String(view)
        return PercentEncoding.decode(text, plusAsSpace: true) ?? text
    }
}
