extension SmartStoreError {
    /// ``Code/invalidSoupName``.
    public static func invalidSoupName(_ name: String) -> SmartStoreError {
        SmartStoreError(
            code: .invalidSoupName, message: "\"\(name)\" is not a valid soup name.",
            recoverySuggestion: "Use a non-empty name without control characters.")
    }

    /// ``Code/invalidStoreName``.
    public static func invalidStoreName(_ name: String) -> SmartStoreError {
        SmartStoreError(
            code: .invalidStoreName, message: "\"\(name)\" is not a valid store name.",
            recoverySuggestion: "Use letters, digits, spaces, '.', '_' or '-', not starting with '.'.")
    }

    /// ``Code/soupNotFound``.
    public static func soupNotFound(_ name: String) -> SmartStoreError {
        SmartStoreError(
            code: .soupNotFound, message: "There is no soup named \"\(name)\" in this store.",
            recoverySuggestion: "Register the soup with registerSoup first, or check the name's spelling and case.")
    }

    /// ``Code/noIndexSpecs``.
    public static func noIndexSpecs(soup: String) -> SmartStoreError {
        SmartStoreError(
            code: .noIndexSpecs, message: "The soup \"\(soup)\" needs at least one index spec.",
            recoverySuggestion: "Index at least one path; a key-value soup can index its key as a string.")
    }

    /// ``Code/invalidIndexPath``.
    public static func invalidIndexPath(_ path: String, reason: String) -> SmartStoreError {
        SmartStoreError(
            code: .invalidIndexPath, message: "The index path \"\(path)\" is invalid: \(reason).",
            recoverySuggestion: "Use dot-separated field names such as Owner.Name. System fields are indexed already.")
    }

    /// ``Code/unknownIndexType``.
    public static func unknownIndexType(_ type: String) -> SmartStoreError {
        SmartStoreError(
            code: .unknownIndexType, message: "\"\(type)\" is not an index type.",
            recoverySuggestion: "Use string, integer, floating, full_text or json1. Dates are strings in Salesforce: index them as string.")
    }

    /// ``Code/duplicateIndexPath``.
    public static func duplicateIndexPath(_ path: String) -> SmartStoreError {
        SmartStoreError(
            code: .duplicateIndexPath, message: "The index path \"\(path)\" is listed more than once.",
            recoverySuggestion: "Keep one index spec per path.")
    }

    /// ``Code/unknownSoupFeature``.
    public static func unknownSoupFeature(_ feature: String) -> SmartStoreError {
        SmartStoreError(
            code: .unknownSoupFeature, message: "\"\(feature)\" is not a soup feature.",
            recoverySuggestion: "The only feature is externalStorage.")
    }

    /// ``Code/json1WithExternalStorage``.
    public static func json1WithExternalStorage(soup: String, path: String) -> SmartStoreError {
        SmartStoreError(
            code: .json1WithExternalStorage,
            message: "The soup \"\(soup)\" uses external storage, which cannot have the json1 index on \"\(path)\".",
            recoverySuggestion: "Index the path as string, integer or floating instead.")
    }

    /// ``Code/pathNotIndexed``.
    public static func pathNotIndexed(soup: String, path: String) -> SmartStoreError {
        SmartStoreError(
            code: .pathNotIndexed, message: "The soup \"\(soup)\" has no index on \"\(path)\".",
            recoverySuggestion: "Add an index spec for the path with alterSoup, or query it through Smart SQL.")
    }

    /// ``Code/entryNotObject``.
    public static func entryNotObject(position: Int) -> SmartStoreError {
        SmartStoreError(
            code: .entryNotObject, message: "Entry \(position) is not a JSON object.",
            recoverySuggestion: "Soup entries are JSON objects such as {\"Id\": \"001...\"}.")
    }

    /// ``Code/missingExternalId``.
    public static func missingExternalId(soup: String, path: String, position: Int) -> SmartStoreError {
        SmartStoreError(
            code: .missingExternalId,
            message: "Entry \(position) for the soup \"\(soup)\" has no value at the external id path \"\(path)\".",
            recoverySuggestion: "Give every entry a value at the external id path, or upsert without one.")
    }

    /// ``Code/externalIdNotUnique``.
    public static func externalIdNotUnique(soup: String, path: String, value: String, matches: Int) -> SmartStoreError {
        SmartStoreError(
            code: .externalIdNotUnique,
            message: "\(matches) entries of the soup \"\(soup)\" have \(value) at \"\(path)\", so the upsert cannot tell which to update.",
            recoverySuggestion: "Remove the duplicates, or upsert by _soupEntryId.")
    }

    /// ``Code/entryNotFound``.
    public static func entryNotFound(soup: String, soupEntryId: Int64) -> SmartStoreError {
        SmartStoreError(
            code: .entryNotFound, message: "The soup \"\(soup)\" has no entry with _soupEntryId \(soupEntryId).",
            recoverySuggestion: "Use upsert to insert entries that may not exist.")
    }

    /// ``Code/invalidQuerySpec``.
    public static func invalidQuerySpec(_ reason: String) -> SmartStoreError {
        SmartStoreError(
            code: .invalidQuerySpec, message: "The query spec is invalid: \(reason).",
            recoverySuggestion: "Build the query with one of the query spec's kinds: all, exact, range, like, match or Smart SQL.")
    }

    /// ``Code/invalidSmartSQL``.
    public static func invalidSmartSQL(sql: String, reason: String) -> SmartStoreError {
        SmartStoreError(
            code: .invalidSmartSQL, message: "The Smart SQL \"\(sql)\" cannot run: \(reason).",
            recoverySuggestion: "Smart SQL is one SELECT whose {soup} and {soup:path} references name registered soups.")
    }

    /// ``Code/queryTimedOut``.
    public static func queryTimedOut(after limit: Duration) -> SmartStoreError {
        SmartStoreError(
            code: .queryTimedOut, message: "The query ran longer than its limit of \(limit) and was stopped; nothing was changed.",
            recoverySuggestion:
                "Narrow the query (a condition on an indexed path, a LIMIT, no unbounded recursive WITH), or raise the store's queryTimeLimit."
        )
    }

    /// ``Code/invalidMatchQuery``.
    public static func invalidMatchQuery(matchKey: String, reason: String) -> SmartStoreError {
        SmartStoreError(
            code: .invalidMatchQuery, message: "The match key \"\(matchKey)\" is not a valid full-text query: \(reason).",
            recoverySuggestion: "Use terms, \"phrases\", prefix*, AND, OR, NOT and parentheses.")
    }

    /// ``Code/invalidStoreConfig``.
    public static func invalidStoreConfig(_ reason: String) -> SmartStoreError {
        SmartStoreError(
            code: .invalidStoreConfig, message: "The store config is invalid: \(reason).",
            recoverySuggestion: "The file holds {\"soups\": [{\"soupName\": ..., \"indexes\": [{\"path\": ..., \"type\": ...}]}]}.")
    }

    /// ``Code/fileSystem``.
    public static func fileSystem(path: String, reason: String) -> SmartStoreError {
        SmartStoreError(
            code: .fileSystem, message: "The store could not use \(path): \(reason).",
            recoverySuggestion: "Check that the directory exists, is writable and has free space.")
    }

    /// ``Code/wrongKey``.
    public static func wrongKey(path: String) -> SmartStoreError {
        SmartStoreError(
            code: .wrongKey, message: "The key does not open the encrypted store \(path).",
            recoverySuggestion:
                "Open it with the key or passphrase it was created with. If that key is lost, remove the store; a store opened through the store manager is removed and made anew, and the manager reports it."
        )
    }

    /// ``Code/corrupted``.
    public static func corrupted(_ reason: String) -> SmartStoreError {
        SmartStoreError(code: .corrupted, message: "The encrypted store is damaged: \(reason).", recoverySuggestion: corruptedSuggestion)
    }

    static let corruptedSuggestion =
        "Nothing was read from the damaged part. Restore the store from a backup, or remove it and sync again."

    /// ``Code/storeNotEncrypted``.
    public static func storeNotEncrypted(path: String) -> SmartStoreError {
        SmartStoreError(
            code: .storeNotEncrypted, message: "\(path) is a plain store, but an encrypted one was asked for.",
            recoverySuggestion: "Encrypt it with SmartStore.encryptPlainStore(at:with:), or open it with .plaintext.")
    }

    /// ``Code/storeEncrypted``.
    public static func storeEncrypted(path: String) -> SmartStoreError {
        SmartStoreError(
            code: .storeEncrypted, message: "\(path) is an encrypted store, but a plain one was asked for.",
            recoverySuggestion: "Open it with its key, or export a plain copy of it with its key first.")
    }

    /// ``Code/keyUnavailable``.
    public static func keyUnavailable(_ reason: String) -> SmartStoreError {
        SmartStoreError(
            code: .keyUnavailable, message: "The store's key is unavailable: \(reason).",
            recoverySuggestion: "Check the key store's folder or Keychain access; keys are 256 bits and passphrases not empty.")
    }

    /// ``Code/encryptionUnavailable``.
    public static func encryptionUnavailable(_ reason: String) -> SmartStoreError {
        SmartStoreError(
            code: .encryptionUnavailable, message: "Store encryption is unavailable: \(reason).",
            recoverySuggestion: "Use a SQLite library built with URI filenames (SQLITE_USE_URI=1), as Debian's is.")
    }

    /// ``Code/closed``.
    public static func closed(path: String) -> SmartStoreError {
        SmartStoreError(
            code: .closed, message: "The store \(path) is closed.",
            recoverySuggestion: "Open the store again before using it.")
    }

    /// ``Code/readOnly``.
    public static func readOnly(path: String) -> SmartStoreError {
        SmartStoreError(
            code: .readOnly, message: "The store \(path) is open read-only, so it cannot be changed.",
            recoverySuggestion:
                "Open it with access .readWrite; if it opened read-only by itself, give this process write access to the file and its folder."
        )
    }

    /// ``Code/readOnly``: an interrupted `operation` that only a read-write open finishes.
    public static func interrupted(path: String, operation: String) -> SmartStoreError {
        SmartStoreError(
            code: .readOnly, message: "The store \(path) has an interrupted \(operation) to finish, which a read-only open cannot do.",
            recoverySuggestion: "Open it read-write once; that finishes the \(operation), and read-only opens work again.")
    }

    /// ``Code/storeNotFound``.
    public static func storeNotFound(path: String) -> SmartStoreError {
        SmartStoreError(
            code: .storeNotFound, message: "There is no store at \(path).",
            recoverySuggestion: "Check the path; a read-only open never creates a store, a read-write open does.")
    }

    /// ``Code/database``.
    public static func database(_ reason: String) -> SmartStoreError {
        SmartStoreError(code: .database, message: "The store's database reported an error: \(reason).")
    }
}
