import SalesforceCore

/// An Experience Cloud site (a community): its own login page and API under a path of the org's
/// URL, for its members. Internal users may use every site; a site's external users use only it.
package struct ExperienceSite: Sendable, Equatable {
    /// The site's name, shown on its login page.
    package var name: String
    /// The path under the org's URL, without slashes: `partners` serves `/partners`.
    package var urlPathPrefix: String
    /// The site's network id (`0DB`), sent as a token response's `sfdc_community_id`.
    package var networkID: String

    /// A site from its parts.
    package init(name: String, urlPathPrefix: String, networkID: String) {
        self.name = name
        self.urlPathPrefix = urlPathPrefix
        self.networkID = networkID
    }

    /// Every new org's site: Partners, at `/partners`.
    static let partners = ExperienceSite(name: "Partners", urlPathPrefix: "partners", networkID: RecordID.make(prefix: "0DB", counter: 1))

    var json: JSON {
        ["name": .string(name), "urlPathPrefix": .string(urlPathPrefix), "id": .string(networkID)]
    }

    init(json: JSON, at place: String, file: String) throws(LocalOrgError) {
        func fail(_ reason: String) -> LocalOrgError { .invalidConfiguration(file: file, reason: "\(place): \(reason)") }
        guard let name = json["name"]?.stringValue, !name.isEmpty else { throw fail("\"name\" is missing") }
        guard let prefix = json["urlPathPrefix"]?.stringValue, Self.isValidPrefix(prefix) else {
            throw fail("\"urlPathPrefix\" must be letters, digits, - or _ (such as \"partners\"), and not services, id or secur")
        }
        guard let id = json["id"]?.stringValue, id.hasPrefix("0DB"), let normalized = RecordID.normalized(id) else {
            throw fail("\"id\" must be a 0DB network id")
        }
        self.init(name: name, urlPathPrefix: prefix, networkID: normalized)
    }

    /// A path segment that cannot be mistaken for one of the org's own paths.
    static func isValidPrefix(_ prefix: String) -> Bool {
        !prefix.isEmpty && prefix.count <= 40
            && prefix.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
            && !["services", "id", "secur", "console", "lightning", "apex"].contains(prefix.lowercased())
    }
}
