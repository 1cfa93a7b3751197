import Foundation
import GRDB

/// The store's soups, cached between operations and checked against SQLite's schema version,
/// which changes whenever a soup is registered, altered or removed.
///
/// Only committed schemas are cached: operations that change the schema read the metadata
/// directly and call ``invalidate()`` when they finish.
final class SchemaCatalog: @unchecked Sendable {
    private let lock = NSLock()
    private var schemaVersion: Int64?
    private var descriptors: [String: SoupDescriptor] = [:]
    private var translations: [String: SmartSQLTranslation] = [:]

    /// The soups as of the transaction `db` is in.
    func descriptors(_ db: Database) throws -> [String: SoupDescriptor] {
        try snapshot(db).soups
    }

    private func snapshot(_ db: Database) throws -> (version: Int64, soups: [String: SoupDescriptor]) {
        let version = try Int64.fetchOne(db.cachedStatement(sql: "PRAGMA schema_version")) ?? 0
        if let cached = lock.withLock({ schemaVersion == version ? descriptors : nil }) { return (version, cached) }
        let loaded = try StoreSchema.loadDescriptors(db)
        lock.withLock {
            schemaVersion = version
            descriptors = loaded
            translations = [:]
        }
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
        lock.withLock {
            schemaVersion = nil
            descriptors = [:]
            translations = [:]
        }
    }

    /// The translation of a Smart SQL statement, made once per schema.
    func translation(of sql: String, _ db: Database) throws -> SmartSQLTranslation {
        let (version, soups) = try snapshot(db)
        if let cached = lock.withLock({ schemaVersion == version ? translations[sql] : nil }) { return cached }
        let translation = try SmartSQLTranslator(soups: soups).translate(sql)
        lock.withLock {
            guard schemaVersion == version else { return }
            if translations.count > 1_000 { translations.removeAll() }
            translations[sql] = translation
        }
        return translation
    }
}
