import DeepLinking
import URLEncoding

extension SalesforceLink {
    /// How a built link joins its parameters to the action.
    public enum ParameterStyle: Sendable {
        /// `…/view&s1oid=…`: the form the Salesforce app's guide documents.
        case ampersand
        /// `…/view?s1oid=…`: a standard query.
        case query
    }

    /// The link's text: `<scheme>://sObject/<id>/<action>`, then `userid`, `s1oid`, `s1nid`,
    /// `s1uid`, `iosoru` and any extra parameters, each value percent-encoded.
    /// - Throws: ``SalesforceLinkError/missingFollowerId`` for a follow link without `userid`.
    public func url(style: ParameterStyle = .ampersand) throws(SalesforceLinkError) -> String {
        if action == .follow, followerID?.isEmpty != false { throw .missingFollowerId }
        let subject: String
        switch target {
        case .record(_, let written): subject = written
        case .objectHome(let name): subject = name
        }
        var text = "\(scheme)://sObject/\(subject)/\(action.rawValue)"
        let known: [(String, String?)] = [
            ("userid", followerID), ("s1oid", orgID), ("s1nid", networkID), ("s1uid", userID), ("iosoru", redirectURL),
        ]
        let items = known.compactMap { name, value in value.map { (name, $0) } } + extraParameters.map { ($0.name, $0.value) }
        for (index, item) in items.enumerated() {
            let separator = index == 0 && style == .query ? "?" : "&"
            text += separator + PercentEncoding.encode(item.0) + "=" + PercentEncoding.encode(item.1)
        }
        return text
    }
}
