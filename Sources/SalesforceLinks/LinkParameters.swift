import DeepLinking
import SalesforceCore
import URLEncoding

/// The parameters of a Salesforce app link, sorted into the ones the app knows and the rest.
struct LinkParameters {
    var orgID: String?
    var networkID: String?
    var userID: String?
    var redirectURL: String?
    var followerID: String?
    var extra: [SalesforceLinkParameter] = []

    private enum Known {
        case org, network, user, redirect, follower
    }

    /// The names each known parameter answers to, lower-cased: the `s1` forms the app emits,
    /// the `sl` spellings of the 2014 guide, and its garbled org parameter (`sl` followed by
    /// Arabic letters where `oid` should be).
    private static let aliases: [String: Known] = [
        "s1oid": .org, "sloid": .org, "sl\u{0648}\u{064A}\u{062F}": .org,
        "s1nid": .network, "slnid": .network,
        "s1uid": .user, "sluid": .user,
        "iosoru": .redirect,
        "userid": .follower,
    ]

    /// Reads `name=value` items separated by `&`. The first value of a known parameter wins;
    /// repeats and unknown names go to `extra`, in order.
    init(parsing text: Substring) {
        for item in text.split(atScalars: ["&"], omittingEmptyParts: true) {
            let equals = item.firstIndex(of: "=")
            let name = Self.decode(item[item.startIndex..<(equals ?? item.endIndex)])
            let value = equals.map { Self.decode(item[item.index(after: $0)...]) } ?? ""
            if let known = Self.aliases[name.lowercased()], assign(value, to: known) { continue }
            extra.append(SalesforceLinkParameter(name: name, value: value))
        }
    }

    /// Stores a known parameter unless it already has a value. - Returns: whether it was stored.
    private mutating func assign(_ value: String, to known: Known) -> Bool {
        switch known {
        case .org: store(value, in: &orgID)
        case .network: store(value, in: &networkID)
        case .user: store(value, in: &userID)
        case .redirect: store(value, in: &redirectURL)
        case .follower: store(value, in: &followerID)
        }
    }

    private func store(_ value: String, in slot: inout String?) -> Bool {
        guard slot == nil else { return false }
        slot = value
        return true
    }

    /// A malformed escape is kept as written rather than refusing a link over a parameter the
    /// app may not even use.
    private static func decode(_ text: Substring) -> String {
        PercentEncoding.decode(String(text)) ?? String(text)
    }
}
