/// A Salesforce REST API version such as `v66.0`.
///
/// ForceKit names its default version in exactly one place, ``APIVersion/current``, so that an
/// app moves to a newer API by changing one value.
public struct APIVersion: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// The major version number: `62` for `v62.0`.
    public let major: Int
    /// The minor version number, `0` for every published release so far.
    public let minor: Int

    /// The version ForceKit uses unless told otherwise: the one upstream's current Mobile SDK
    /// sends (`v66.0`, Spring '26, in its JavaScript `force.js` and Android `ApiVersionStrings`).
    public static let current = APIVersion(major: 66, minor: 0)
    /// The oldest version the data API answers (Mobile SDK 3.1 targeted v31.0).
    public static let oldestSupported = APIVersion(major: 31, minor: 0)

    /// Creates a version from its numbers.
    public init(major: Int, minor: Int = 0) {
        self.major = major
        self.minor = minor
    }

    /// Parses `v62.0`, `62.0` or `62`.
    /// - Returns: `nil` when the text is not a version.
    public init?(_ text: String) {
        let digits = text.hasPrefix("v") ? text.dropFirst() : Substring(text)
        let parts = digits.split(atScalars: ["."], omittingEmptyParts: false)
        guard (1...2).contains(parts.count),
            let major = Int(parts[0]), major > 0,
            let minor = parts.count == 2 ? Int(parts[1]) : 0, minor >= 0
        else { return nil }
        self.init(major: major, minor: minor)
    }

    /// The path form, `v62.0`.
    public var description: String { "v\(major).\(minor)" }

    /// Orders versions by their numbers: v31.0 comes before v62.0.
    public static func < (lhs: APIVersion, rhs: APIVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    /// Decodes from `"v62.0"` or `"62.0"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let version = APIVersion(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not an API version such as v62.0.")
        }
        self = version
    }

    /// Encodes as `"v62.0"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
