import GRDB
import SalesforceCore

extension SmartStore {
    /// Registers a soup with its index specs. Registering a soup that exists changes nothing
    /// (use ``alterSoup(_:soupSpec:indexSpecs:reIndexData:)`` to change its indexes).
    /// - Throws: an invalid name, no or invalid index specs, or json1 indexes with external storage.
    public func registerSoup(_ name: String, indexSpecs: [IndexSpec]) async throws(SmartStoreError) {
        try await registerSoup(SoupSpec(name: name), indexSpecs: indexSpecs)
    }

    /// Registers a soup with features (such as external storage) and index specs.
    /// Registering a soup that exists changes nothing.
    public func registerSoup(_ spec: SoupSpec, indexSpecs: [IndexSpec]) async throws(SmartStoreError) {
        try await registerSoups([(spec, indexSpecs)])
    }

    /// Registers the soups that do not exist yet, in one transaction: all or, on a failure,
    /// none. Every soup is validated before any is registered.
    func registerSoups(_ soups: [(spec: SoupSpec, indexSpecs: [IndexSpec])]) async throws(SmartStoreError) {
        for soup in soups { try Self.validate(soup.spec, indexSpecs: soup.indexSpecs) }
        try await schemaWrite { db, _ in
            for (spec, indexSpecs) in soups {
                guard try StoreSchema.loadDescriptors(db)[spec.name] == nil else { continue }
                let descriptor = try StoreSchema.insertSoup(spec, indexSpecs: indexSpecs, db)
                try StoreSchema.createTable(for: descriptor, db)
                try StoreSchema.createIndexes(for: descriptor, db)
            }
        }
    }

    /// Whether a soup of this name is registered.
    public func soupExists(_ name: String) async throws(SmartStoreError) -> Bool {
        try await read { [catalog] db in try catalog.descriptors(db)[name] != nil }
    }

    /// The names of every soup, sorted.
    public func allSoupNames() async throws(SmartStoreError) -> [String] {
        try await read { [catalog] db in try catalog.descriptors(db).keys.sorted() }
    }

    /// A soup's index specs, in the order they were given.
    /// - Throws: ``SmartStoreError/soupNotFound(_:)``.
    public func indexSpecs(inSoup name: String) async throws(SmartStoreError) -> [IndexSpec] {
        try await read { [catalog] db in try catalog.descriptor(named: name, db).indexSpecs }
    }

    /// A soup's name and features.
    /// - Throws: ``SmartStoreError/soupNotFound(_:)``.
    public func soupSpec(inSoup name: String) async throws(SmartStoreError) -> SoupSpec {
        try await read { [catalog] db in try catalog.descriptor(named: name, db).spec }
    }

    /// Removes every entry of a soup, keeping the soup and its indexes.
    /// - Throws: ``SmartStoreError/soupNotFound(_:)``.
    public func clearSoup(_ name: String) async throws(SmartStoreError) {
        try await write { [catalog] db, files in
            let soup = try catalog.descriptor(named: name, db)
            try db.execute(sql: "DELETE FROM \(soup.tableName)")
            if soup.usesExternalStorage { files.removeAll(table: soup.tableName) }
        }
    }

    /// Removes a soup: its entries, indexes and definition. Removing a missing soup does nothing.
    public func removeSoup(_ name: String) async throws(SmartStoreError) {
        try await schemaWrite { db, files in
            guard let soup = try StoreSchema.loadDescriptors(db)[name] else { return }
            try StoreSchema.dropStorage(for: soup, db)
            try StoreSchema.deleteSoupRecord(soup, db)
            files.removeAll(table: soup.tableName)
        }
    }

    /// Removes every soup of the store, in one transaction: all or, on a failure, none.
    public func removeAllSoups() async throws(SmartStoreError) {
        try await schemaWrite { db, files in
            for soup in try StoreSchema.loadDescriptors(db).values.sorted(by: { $0.spec.name < $1.spec.name }) {
                try StoreSchema.dropStorage(for: soup, db)
                try StoreSchema.deleteSoupRecord(soup, db)
                files.removeAll(table: soup.tableName)
            }
        }
    }

    /// Recomputes the values of the given indexed paths for every entry, after entries were
    /// stored while those indexes did not exist. Paths without an index are ignored.
    /// - Throws: ``SmartStoreError/soupNotFound(_:)``.
    public func reIndexSoup(_ name: String, paths: [String]) async throws(SmartStoreError) {
        try await write { [catalog, externalStorage] db, _ in
            let soup = try catalog.descriptor(named: name, db)
            let indexes = soup.columnIndexes.filter { paths.contains($0.spec.path) }
            guard !indexes.isEmpty else { return }
            try SoupAlteration.recompute(indexes, of: soup, table: soup.tableName, externalStorage: externalStorage, db)
        }
    }

    static func validate(_ spec: SoupSpec, indexSpecs: [IndexSpec]) throws(SmartStoreError) {
        try SoupSpec.validate(name: spec.name)
        try IndexSpec.validate(indexSpecs, soup: spec.name)
        if spec.usesExternalStorage, let json1 = indexSpecs.first(where: { $0.type == .json1 }) {
            throw .json1WithExternalStorage(soup: spec.name, path: json1.path)
        }
    }
}
