public import SalesforceCore

/// The type of a soup index: how values at its path are stored, compared and returned.
public enum IndexType: String, Sendable, Hashable, CaseIterable, Codable {
    /// Text. Numbers and booleans are indexed as their JSON spelling, arrays and objects as compact JSON.
    case string
    /// A signed 64-bit integer. Values that are not numbers are not indexed.
    case integer
    /// A 64-bit floating-point number. Values that are not numbers are not indexed.
    case floating
    /// Text that also supports full-text `match` queries; a `string` index for every other query.
    case fullText = "full_text"
    /// An index on SQLite's `json_extract` of the path, without a column of its own.
    /// It behaves like the other types but cannot traverse arrays or be used with external storage.
    case json1

    /// Reads a type from its wire spelling, as in index specs and config files.
    /// - Throws: ``SmartStoreError/unknownIndexType(_:)``.
    public init(validating text: String) throws(SmartStoreError) {
        guard let type = IndexType(rawValue: text) else { throw .unknownIndexType(text) }
        self = type
    }
}

/// One index of a soup: a path into its entries and how to index the value found there.
///
/// Paths are case-sensitive and dot-separated (`Owner.Name`). A path may end at an object or an
/// array, which is then indexed as compact JSON, and may pass through arrays: the rest of the
/// path is followed in every element and the results collected into an array.
public struct IndexSpec: Sendable, Hashable, Codable {
    /// The dot-separated path into each entry.
    public var path: String
    /// How the value at the path is indexed.
    public var type: IndexType

    /// An index spec for a path.
    public init(path: String, type: IndexType) {
        self.path = path
        self.type = type
    }

    /// The wire form used by config files and the hybrid API: `{"path": ..., "type": ...}`.
    public var jsonObject: [String: String] { ["path": path, "type": type.rawValue] }

    /// Reads the wire form, `{"path": "Owner.Name", "type": "string"}`, as config files and the
    /// hybrid and React Native APIs send it. The path is checked when a soup is registered.
    /// - Throws: ``SmartStoreError/invalidIndexPath(_:reason:)`` when `path` or `type` is missing
    ///   or not a string, ``SmartStoreError/unknownIndexType(_:)`` for types such as `date`.
    public init(json: JSON) throws(SmartStoreError) {
        guard let path = json["path"]?.stringValue, let type = json["type"]?.stringValue else {
            throw .invalidIndexPath(json.serialized(), reason: "an index spec needs a \"path\" and a \"type\", both strings")
        }
        self.init(path: path, type: try IndexType(validating: type))
    }
}

extension IndexSpec {
    /// The names of the fields SmartStore maintains in every entry.
    static let systemPaths: Set<String> = [SoupEntryField.id, SoupEntryField.lastModifiedDate, SoupEntryField.createdDate, "_soup"]

    /// Checks a list of specs for a soup: non-empty, valid and distinct paths.
    static func validate(_ specs: [IndexSpec], soup: String) throws(SmartStoreError) {
        guard !specs.isEmpty else { throw .noIndexSpecs(soup: soup) }
        var seen = Set<String>()
        for spec in specs {
            try validatePath(spec.path)
            guard seen.insert(spec.path).inserted else { throw .duplicateIndexPath(spec.path) }
        }
    }

    static func validatePath(_ path: String) throws(SmartStoreError) {
        guard !path.isEmpty else { throw .invalidIndexPath(path, reason: "it is empty") }
        guard !path.split(atScalars: ["."], omittingEmptyParts: false).contains(where: \.isEmpty) else {
            throw .invalidIndexPath(path, reason: "it has an empty segment")
        }
        guard !systemPaths.contains(path) else {
            throw .invalidIndexPath(path, reason: "it is a system field")
        }
        guard !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\"" || $0 == "'" || $0 == "{" || $0 == "}" }) else {
            throw .invalidIndexPath(path, reason: "it contains a quote, a brace or a control character")
        }
    }
}
