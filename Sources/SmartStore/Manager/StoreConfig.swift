public import Foundation
import SalesforceCore

/// The soups of a `userstore.json` or `globalstore.json` file:
/// `{"soups": [{"soupName": "Account", "indexes": [{"path": "Name", "type": "string"}]}]}`.
public struct StoreConfig: Sendable, Hashable {
    /// One soup of the file.
    public struct Soup: Sendable, Hashable {
        /// The soup's name.
        public var soupName: String
        /// Its index specs.
        public var indexes: [IndexSpec]

        /// A soup of a config.
        public init(soupName: String, indexes: [IndexSpec]) {
            self.soupName = soupName
            self.indexes = indexes
        }
    }

    /// The soups, in file order.
    public var soups: [Soup]

    /// A config of soups.
    public init(soups: [Soup]) {
        self.soups = soups
    }

    /// Reads a config file's JSON.
    /// - Throws: ``SmartStoreError/invalidStoreConfig(_:)`` naming the soup and key at fault,
    ///   ``SmartStoreError/unknownIndexType(_:)`` for types such as `date`.
    public init(json data: some Collection<UInt8>) throws(SmartStoreError) {
        let document: JSON
        do {
            document = try JSON(parsing: data)
        } catch {
            throw .invalidStoreConfig(error.message)
        }
        guard let soups = document["soups"]?.arrayValue else { throw .invalidStoreConfig("there is no \"soups\" array") }
        var parsed: [Soup] = []
        for (position, soup) in soups.enumerated() {
            guard let name = soup["soupName"]?.stringValue else {
                throw .invalidStoreConfig("soup \(position + 1) has no \"soupName\" string")
            }
            guard let indexes = soup["indexes"]?.arrayValue else {
                throw .invalidStoreConfig("the soup \"\(name)\" has no \"indexes\" array")
            }
            var specs: [IndexSpec] = []
            for index in indexes {
                do {
                    specs.append(try IndexSpec(json: index))
                } catch  where error.code == .invalidIndexPath {
                    throw .invalidStoreConfig("an index of the soup \"\(name)\" lacks a \"path\" or \"type\" string")
                }
            }
            parsed.append(Soup(soupName: name, indexes: specs))
        }
        self.soups = parsed
    }

    /// Reads a config file.
    public init(contentsOf url: URL) throws(SmartStoreError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .fileSystem(path: url.path, reason: error.localizedDescription)
        }
        try self.init(json: data)
    }
}

extension SmartStore {
    /// Registers the config's soups that the store does not have yet, in one transaction (all
    /// or none); soups that exist are left as they are, as the SDK does. Every soup is validated
    /// before any is registered.
    public func registerSoups(fromConfig config: StoreConfig) async throws(SmartStoreError) {
        try await registerSoups(config.soups.map { (SoupSpec(name: $0.soupName), $0.indexes) })
    }
}
