package import SalesforceCore

/// The REST API versions LocalOrg answers: every one a real org answers today, from v31.0 (the
/// oldest not retired; Mobile SDK 3.1 targeted it) through the newest Salesforce has released,
/// whatever version ForceKit's own client sends (``APIVersion/current``).
package enum APIVersions {
    /// The newest released version: v68.0, Winter '27.
    package static let newest = APIVersion(major: 68)

    static let supported: [APIVersion] = (APIVersion.oldestSupported.major...newest.major).map { APIVersion(major: $0) }

    /// Salesforce's release name of a version: v32.0 was Winter '15, and three releases a year.
    static func label(of version: APIVersion) -> String {
        let index = version.major - 32
        let seasons = ["Winter", "Spring", "Summer"]
        let season = seasons[((index % 3) + 3) % 3]
        let year = 15 + Int((Double(index) / 3).rounded(.down))
        return "\(season) '\(year)"
    }

    /// `GET /services/data`: the version list.
    package static var list: JSON {
        .array(
            supported.map { version in
                [
                    "label": .string(label(of: version)), "url": .string("/services/data/\(version)"),
                    "version": .string("\(version.major).\(version.minor)"),
                ]
            })
    }

    /// The version path segment, checked: `v66.0` → itself. A retired version (7.0 through 30.0,
    /// retired by Summer '25) is 410 GONE, as Salesforce answers it; anything else, a version not
    /// released yet among them, is NOT_FOUND.
    package static func checked(_ segment: String?) throws(APIError) -> String {
        guard let segment, segment.hasPrefix("v"), let version = APIVersion(segment), version.minor == 0 else { throw APIError.notFound }
        if version < APIVersion.oldestSupported { throw APIError.retiredVersion(version) }
        guard supported.contains(version) else { throw APIError.notFound }
        return version.description
    }
}
