import Foundation
import GRDB
import SalesforceCore

/// The store's soups, cached between operations and checked against SQLite's schema version,
/// which changes whenever a soup is registered, altered or removed.
///
/// Only committed schemas are cached: operations that change the schema read the metadata
/// directly and call ``invalidate()`` when they finish.
final class SchemaCatalog: Sendable {
    private let cache = Locked(Cache())

    private struct Cache {
        var schemaVersion: Int64?
        var descriptors: [String: SoupDescriptor] = [:]
        var translations: [String: SmartSQLTranslation] = [:]
    }

    /// The soups as of the transaction `db` is in.
    func descriptors(_ db: Database) throws -> [String: SoupDescriptor] {
        try snapshot(db).soups
    }

    private func snapshot(_ db: Database) throws -> (version: Int64, soups: [String: SoupDescriptor]) {
        let version = try Int64.fetchOne(db.cachedStatement(sql: "PRAGMA schema_version")) ?? 0
        if let cached = cache.withLock({ $0.schemaVersion == version ? $0.descriptors : nil }) { return (version, cached) }
        let loaded = try StoreSchema.loadDescriptors(db)
        cache.withLock { $0 = Cache(schemaVersion: version, descriptors: loaded) }
        return (version, loaded)
    }

    /// A soup by name.
    /// - Throws: ``SmartStoreError/soupNotFound(_:)``.
    func descriptor(named name: String, _ db: Database) throws -> SoupDescriptor {
        guard let descriptor = try descriptors(db)[name] else { throw SmartStoreError.soupNotFound(name) }
        return descriptor
    }

    /// Forgets the cache after a schema change, committed or not.
    func invalidate() {
        cache.withLock { $0 = Cache() }
    }

    /// The translation of a Smart SQL statement, made once per schema.
    func translation(of sql: String, _ db: Database) throws -> SmartSQLTranslation {
        let (version, soups) = try snapshot(db)
        if let cached = cache.withLock({ $0.schemaVersion == version ? $0.translations[sql] : nil }) { return cached }
        let translation = try SmartSQLTranslator(soups: soups).translate(sql)
        cache.withLock { cache in
            guard cache.schemaVersion == version else { return }
            if cache.translations.count > 1_000 { cache.translations.removeAll() }
            cache.translations[sql] = translation
        }
        return translation
    }
}
