public import SalesforceCore

/// Why a SmartStore operation failed: a ``Code`` to compare against, a message that names the
/// input at fault, and what to do about it.
///
/// A failed operation changes nothing: every write runs in one transaction.
///
/// The error is a struct, not an enum, so that SmartStore can tell apart new failures without
/// breaking an app's exhaustive `switch`. Compare its code, or catch a code directly:
///
/// ```swift
/// do {
///     try await store.upsert(entries: entries, inSoup: "Account")
/// } catch SmartStoreError.Code.soupNotFound {
///     try await store.registerSoup("Account", indexSpecs: specs)
/// } catch let error as SmartStoreError where error.code == .wrongKey {
///     showKeyLostScreen(error.message)
/// }
/// ```
public struct SmartStoreError: CodedForceKitError, Hashable {
    /// What kind of failure it is. New codes may be added in any release, so a `switch` over
    /// codes needs a `default`.
    public struct Code: ForceKitErrorCode {
        /// The error this code belongs to.
        public typealias CodedError = SmartStoreError

        /// The code's name, such as `soupNotFound`.
        public let rawValue: String

        /// A code by name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The soup name is empty or contains characters a soup name cannot have.
        public static let invalidSoupName = Code(rawValue: "invalidSoupName")
        /// The store name is empty, too long, or contains characters a file name cannot have.
        public static let invalidStoreName = Code(rawValue: "invalidStoreName")
        /// No soup of this name is registered in the store.
        public static let soupNotFound = Code(rawValue: "soupNotFound")
        /// A soup was registered or altered without any index spec.
        public static let noIndexSpecs = Code(rawValue: "noIndexSpecs")
        /// An index path is empty, has an empty segment, or names a system field.
        public static let invalidIndexPath = Code(rawValue: "invalidIndexPath")
        /// An index type string is not one of `string`, `integer`, `floating`, `full_text`, `json1`.
        public static let unknownIndexType = Code(rawValue: "unknownIndexType")
        /// The same path appears twice in one list of index specs.
        public static let duplicateIndexPath = Code(rawValue: "duplicateIndexPath")
        /// A soup feature string is not one SmartStore knows (`externalStorage`).
        public static let unknownSoupFeature = Code(rawValue: "unknownSoupFeature")
        /// External storage and `json1` indexes cannot be combined.
        public static let json1WithExternalStorage = Code(rawValue: "json1WithExternalStorage")
        /// A query or upsert named a path that has no index in the soup.
        public static let pathNotIndexed = Code(rawValue: "pathNotIndexed")
        /// An entry given to upsert is not a JSON object.
        public static let entryNotObject = Code(rawValue: "entryNotObject")
        /// An entry upserted by external id has no value at the external id path.
        public static let missingExternalId = Code(rawValue: "missingExternalId")
        /// Several stored entries share the external id value, so the upsert cannot pick one.
        public static let externalIdNotUnique = Code(rawValue: "externalIdNotUnique")
        /// An update named a soup entry id that does not exist.
        public static let entryNotFound = Code(rawValue: "entryNotFound")
        /// A query spec read from JSON, or its page, is incomplete or contradictory.
        public static let invalidQuerySpec = Code(rawValue: "invalidQuerySpec")
        /// A Smart SQL statement cannot be run.
        public static let invalidSmartSQL = Code(rawValue: "invalidSmartSQL")
        /// A query ran past the store's ``SmartStore/queryTimeLimit`` and was stopped.
        public static let queryTimedOut = Code(rawValue: "queryTimedOut")
        /// A full-text match key is not valid FTS5 query syntax.
        public static let invalidMatchQuery = Code(rawValue: "invalidMatchQuery")
        /// A `userstore.json` or `globalstore.json` document is malformed.
        public static let invalidStoreConfig = Code(rawValue: "invalidStoreConfig")
        /// A file or directory of the store could not be read or written.
        public static let fileSystem = Code(rawValue: "fileSystem")
        /// The key does not open the encrypted store: it was created or re-keyed with another.
        public static let wrongKey = Code(rawValue: "wrongKey")
        /// A page or an external entry of an encrypted store failed authentication: it was changed
        /// outside SmartStore, or the disk damaged it.
        public static let corrupted = Code(rawValue: "corrupted")
        /// An encrypted store was asked for, but the file is a plain SQLite database.
        public static let storeNotEncrypted = Code(rawValue: "storeNotEncrypted")
        /// A plain store was asked for, but the file is encrypted.
        public static let storeEncrypted = Code(rawValue: "storeEncrypted")
        /// The store's key cannot be had: the key store failed, or the key or passphrase is unusable.
        public static let keyUnavailable = Code(rawValue: "keyUnavailable")
        /// Encryption cannot work with this SQLite library.
        public static let encryptionUnavailable = Code(rawValue: "encryptionUnavailable")
        /// The store was closed.
        public static let closed = Code(rawValue: "closed")
        /// The store was opened read-only, or its file cannot be written, and something asked to change it.
        public static let readOnly = Code(rawValue: "readOnly")
        /// A read-only open found no store at the path.
        public static let storeNotFound = Code(rawValue: "storeNotFound")
        /// SQLite reported an error the other codes do not cover.
        public static let database = Code(rawValue: "database")
    }

    /// What kind of failure it is.
    public let code: Code
    /// What went wrong, naming the soup, path, entry or file at fault.
    public let message: String
    /// What to do about it, when there is something to do.
    public let recoverySuggestion: String?

    /// An error from its parts; SmartStore makes its errors with the static functions named
    /// like the codes.
    public init(code: Code, message: String, recoverySuggestion: String? = nil) {
        self.code = code
        self.message = message
        self.recoverySuggestion = recoverySuggestion
    }
}
