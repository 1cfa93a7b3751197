/// A soup's name and the features it uses.
///
/// The only feature is ``SoupFeature/externalStorage``, which keeps each entry in a file of its
/// own instead of the database row: worth it for entries of a megabyte or more.
public struct SoupSpec: Sendable, Hashable, Codable {
    /// The soup's name.
    public var name: String
    /// The features the soup uses.
    public var features: Set<SoupFeature>

    /// A soup spec with a name and features.
    public init(name: String, features: Set<SoupFeature> = []) {
        self.name = name
        self.features = features
    }

    /// Whether entries are kept in files outside the database.
    public var usesExternalStorage: Bool { features.contains(.externalStorage) }

    /// Checks that a soup name can be stored and referenced: not empty, no control characters.
    static func validate(name: String) throws(SmartStoreError) {
        guard !name.isEmpty, !name.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
            throw .invalidSoupName(name)
        }
    }
}

/// An optional behaviour of a soup.
public enum SoupFeature: String, Sendable, Hashable, Codable {
    /// Entries are stored as files beside the database, for large elements.
    case externalStorage

    /// Reads a feature from its wire spelling.
    /// - Throws: ``SmartStoreError/unknownSoupFeature(_:)``.
    public init(validating text: String) throws(SmartStoreError) {
        guard let feature = SoupFeature(rawValue: text) else { throw .unknownSoupFeature(text) }
        self = feature
    }
}
