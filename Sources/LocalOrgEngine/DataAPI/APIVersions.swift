package import SalesforceCore

/// The REST API versions LocalOrg answers: v31.0 (Mobile SDK 3.1) through ForceKit's current.
package enum APIVersions {
    static let supported: [APIVersion] = (APIVersion.oldestSupported.major...APIVersion.current.major).map { APIVersion(major: $0) }

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

    /// The version path segment, checked: `v62.0` → itself, anything else is NOT_FOUND.
    package static func checked(_ segment: String?) throws(APIError) -> String {
        guard let segment, segment.hasPrefix("v"), let version = APIVersion(segment),
            version.minor == 0, supported.contains(version)
        else { throw APIError.notFound }
        return version.description
    }
}
