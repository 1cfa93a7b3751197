public import SalesforceCore

/// Why a SmartStore operation failed, saying which input was at fault and what to do.
///
/// A failed operation changes nothing: every write runs in one transaction.
public enum SmartStoreError: ForceKitError, Equatable {
    /// The soup name is empty or contains characters a soup name cannot have.
    case invalidSoupName(String)
    /// The store name is empty, too long, or contains characters a file name cannot have.
    case invalidStoreName(String)
    /// No soup of this name is registered in the store.
    case soupNotFound(String)
    /// A soup was registered or altered without any index spec.
    case noIndexSpecs(soup: String)
    /// An index path is empty, has an empty segment, or names a system field.
    case invalidIndexPath(String, reason: String)
    /// An index type string is not one of `string`, `integer`, `floating`, `full_text`, `json1`.
    case unknownIndexType(String)
    /// The same path appears twice in one list of index specs.
    case duplicateIndexPath(String)
    /// A soup feature string is not one SmartStore knows (`externalStorage`).
    case unknownSoupFeature(String)
    /// External storage and `json1` indexes cannot be combined.
    case json1WithExternalStorage(soup: String, path: String)
    /// A query or upsert named a path that has no index in the soup.
    case pathNotIndexed(soup: String, path: String)
    /// An entry given to upsert or create is not a JSON object.
    case entryNotObject(position: Int)
    /// An entry upserted by external id has no value at the external id path.
    case missingExternalId(soup: String, path: String, position: Int)
    /// Several stored entries share the external id value, so the upsert cannot pick one.
    case externalIdNotUnique(soup: String, path: String, value: String, matches: Int)
    /// `update` named a soup entry id that does not exist.
    case entryNotFound(soup: String, soupEntryId: Int64)
    /// A query spec is incomplete or contradictory.
    case invalidQuerySpec(String)
    /// A Smart SQL statement cannot be run.
    case invalidSmartSQL(sql: String, reason: String)
    /// A full-text match key is not valid FTS5 query syntax.
    case invalidMatchQuery(matchKey: String, reason: String)
    /// A `userstore.json` or `globalstore.json` document is malformed.
    case invalidStoreConfig(String)
    /// A file or directory of the store could not be read or written.
    case fileSystem(path: String, reason: String)
    /// The key does not open the encrypted store: it was created or re-keyed with another.
    case wrongKey(path: String)
    /// A page or an external entry of an encrypted store failed authentication: it was changed
    /// outside SmartStore, or the disk damaged it.
    case corrupted(String)
    /// An encrypted store was asked for, but the file is a plain SQLite database.
    case storeNotEncrypted(path: String)
    /// A plain store was asked for, but the file is encrypted.
    case storeEncrypted(path: String)
    /// The store's key cannot be had: the key store failed, or the key or passphrase is unusable.
    case keyUnavailable(String)
    /// Encryption cannot work with this SQLite library.
    case encryptionUnavailable(String)
    /// The store was closed.
    case closed(path: String)
    /// SQLite reported an error the cases above do not cover.
    case database(String)

    /// What went wrong.
    public var message: String {
        switch self {
        case .invalidSoupName(let name): "\"\(name)\" is not a valid soup name."
        case .invalidStoreName(let name): "\"\(name)\" is not a valid store name."
        case .soupNotFound(let name): "There is no soup named \"\(name)\" in this store."
        case .noIndexSpecs(let soup): "The soup \"\(soup)\" needs at least one index spec."
        case .invalidIndexPath(let path, let reason): "The index path \"\(path)\" is invalid: \(reason)."
        case .unknownIndexType(let type): "\"\(type)\" is not an index type."
        case .duplicateIndexPath(let path): "The index path \"\(path)\" is listed more than once."
        case .unknownSoupFeature(let feature): "\"\(feature)\" is not a soup feature."
        case .json1WithExternalStorage(let soup, let path):
            "The soup \"\(soup)\" uses external storage, which cannot have the json1 index on \"\(path)\"."
        case .pathNotIndexed(let soup, let path): "The soup \"\(soup)\" has no index on \"\(path)\"."
        case .entryNotObject(let position): "Entry \(position) is not a JSON object."
        case .missingExternalId(let soup, let path, let position):
            "Entry \(position) for the soup \"\(soup)\" has no value at the external id path \"\(path)\"."
        case .externalIdNotUnique(let soup, let path, let value, let matches):
            "\(matches) entries of the soup \"\(soup)\" have \(value) at \"\(path)\", so the upsert cannot tell which to update."
        case .entryNotFound(let soup, let id): "The soup \"\(soup)\" has no entry with _soupEntryId \(id)."
        case .invalidQuerySpec(let reason): "The query spec is invalid: \(reason)."
        case .invalidSmartSQL(let sql, let reason): "The Smart SQL \"\(sql)\" cannot run: \(reason)."
        case .invalidMatchQuery(let key, let reason): "The match key \"\(key)\" is not a valid full-text query: \(reason)."
        case .invalidStoreConfig(let reason): "The store config is invalid: \(reason)."
        case .fileSystem(let path, let reason): "The store could not use \(path): \(reason)."
        case .wrongKey(let path): "The key does not open the encrypted store \(path)."
        case .corrupted(let reason): "The encrypted store is damaged: \(reason)."
        case .storeNotEncrypted(let path): "\(path) is a plain store, but an encrypted one was asked for."
        case .storeEncrypted(let path): "\(path) is an encrypted store, but a plain one was asked for."
        case .keyUnavailable(let reason): "The store's key is unavailable: \(reason)."
        case .encryptionUnavailable(let reason): "Store encryption is unavailable: \(reason)."
        case .closed(let path): "The store \(path) is closed."
        case .database(let reason): "The store's database reported an error: \(reason)."
        }
    }

    /// What to do about it.
    public var recoverySuggestion: String? {
        switch self {
        case .invalidSoupName: "Use a non-empty name without control characters."
        case .invalidStoreName: "Use letters, digits, spaces, '.', '_' or '-', not starting with '.'."
        case .soupNotFound: "Register the soup with registerSoup first, or check the name's spelling and case."
        case .noIndexSpecs: "Index at least one path; a key-value soup can index its key as a string."
        case .invalidIndexPath: "Use dot-separated field names such as Owner.Name. System fields are indexed already."
        case .unknownIndexType: "Dates are strings in Salesforce: index them as string."
        case .duplicateIndexPath: "Keep one index spec per path."
        case .unknownSoupFeature: "The only feature is externalStorage."
        case .json1WithExternalStorage: "Index the path as string, integer or floating instead."
        case .pathNotIndexed: "Add an index spec for the path with alterSoup, or query it through Smart SQL."
        case .entryNotObject: "Soup entries are JSON objects such as {\"Id\": \"001...\"}."
        case .missingExternalId: "Give every entry a value at the external id path, or upsert without one."
        case .externalIdNotUnique: "Remove the duplicates, or upsert by _soupEntryId."
        case .entryNotFound: "Use upsert to insert entries that may not exist."
        case .invalidQuerySpec: "Build the spec with one of the QuerySpec builders."
        case .invalidSmartSQL: "Smart SQL is one SELECT whose {soup} and {soup:path} references name registered soups."
        case .invalidMatchQuery: "Use terms, \"phrases\", prefix*, AND, OR, NOT and parentheses."
        case .invalidStoreConfig: "The file holds {\"soups\": [{\"soupName\": ..., \"indexes\": [{\"path\": ..., \"type\": ...}]}]}."
        case .fileSystem: "Check that the directory exists, is writable and has free space."
        case .wrongKey:
            "Open it with the key or passphrase it was created with. If that key is lost, remove the store; the SmartStoreManager does this for you and reports it."
        case .corrupted: "Nothing was read from the damaged part. Restore the store from a backup, or remove it and sync again."
        case .storeNotEncrypted: "Encrypt it with SmartStore.encryptPlainStore(at:with:), or open it with .plaintext."
        case .storeEncrypted: "Open it with its key, or export a plain copy with exportPlainCopy(to:)."
        case .keyUnavailable: "Check the key store's folder or Keychain access; keys are 256 bits and passphrases not empty."
        case .encryptionUnavailable: "Use a SQLite library built with URI filenames (SQLITE_USE_URI=1), as Debian's is."
        case .closed: "Open it again with SmartStore(url:encryption:) or the SmartStoreManager."
        case .database: nil
        }
    }
}
