public import SalesforceCore

/// Why a Mobile SDK store could not be migrated: a ``Code`` to compare against, a message naming
/// the store or soup at fault, and what to do about it.
///
/// A failed migration leaves the SDK's store as it was, and the ForceKit store with only the
/// soups it had finished (a soup written but not yet compared is compared by the next run).
public struct StoreMigrationError: CodedForceKitError, Hashable {
    /// What kind of failure it is. New codes may be added in any release.
    public struct Code: ForceKitErrorCode {
        /// The error this code belongs to.
        public typealias CodedError = StoreMigrationError

        /// The code's name, such as `wrongKey`.
        public let rawValue: String

        /// A code by name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The key does not open the SDK's store.
        public static let wrongKey = Code(rawValue: "wrongKey")
        /// A page of the SDK's store fails authentication: it was changed or damaged.
        public static let damagedStore = Code(rawValue: "damagedStore")
        /// The file is not a SmartStore database the migration can read.
        public static let unreadableStore = Code(rawValue: "unreadableStore")
        /// The store keeps its header plain (iOS App Groups), so its salt must be given with the key.
        public static let saltNeeded = Code(rawValue: "saltNeeded")
        /// The ForceKit store already has a soup of that name with other entries.
        public static let soupConflict = Code(rawValue: "soupConflict")
        /// An entry read back from the ForceKit store differs from the SDK's.
        public static let verificationFailed = Code(rawValue: "verificationFailed")
    }

    /// What kind of failure it is.
    public let code: Code
    /// What went wrong.
    public let message: String
    /// What to do about it.
    public let recoverySuggestion: String?

    /// An error with a code, a message and a suggestion.
    public init(code: Code, message: String, recoverySuggestion: String? = nil) {
        self.code = code
        self.message = message
        self.recoverySuggestion = recoverySuggestion
    }

    /// The reader's failure, for people.
    init(_ error: SQLCipherError) {
        switch error {
        case .wrongKey:
            self.init(
                code: .wrongKey, message: error.message,
                recoverySuggestion: "Give the key the SDK used for this store: on iOS its store key, on Android its key text.")
        case .damagedPage:
            self.init(
                code: .damagedStore, message: error.message,
                recoverySuggestion: "Nothing was migrated from it. Restore the store from a backup, or sync its soups from the org again.")
        case .unreadable:
            self.init(code: .unreadableStore, message: error.message, recoverySuggestion: "Check that the path names an SDK store.")
        case .saltNeeded:
            self.init(code: .saltNeeded, message: error.message, recoverySuggestion: "Give the salt with the key.")
        }
    }
}

extension StoreMigrationError {
    /// ``Code/soupConflict``.
    static func soupConflict(_ soup: String, entries: Int) -> StoreMigrationError {
        StoreMigrationError(
            code: .soupConflict,
            message: "The ForceKit store already has a soup \(soup) with \(entries) entries that no migration of this store wrote.",
            recoverySuggestion: "Migrate into a new store, or remove that soup from the ForceKit store first.")
    }

    /// ``Code/soupConflict``, for a soup migrated from another SDK store.
    static func soupFromAnotherStore(_ soup: String) -> StoreMigrationError {
        StoreMigrationError(
            code: .soupConflict, message: "The ForceKit store's soup \(soup) was migrated from another SDK store.",
            recoverySuggestion: "Migrate each SDK store into a store of its own.")
    }

    /// ``Code/unreadableStore``, for an externally stored entry whose file cannot be read.
    static func entryFileUnreadable(soup: String, _ reason: String) -> StoreMigrationError {
        StoreMigrationError(
            code: .unreadableStore, message: "The SDK's soup \(soup) keeps its entries in files beside the store: \(reason).",
            recoverySuggestion:
                "Nothing of this soup was migrated. Give the folder of the store's entry files (--entry-files at the command line), or sync the soup again."
        )
    }

    /// ``Code/unreadableStore``, for an entry no ForceKit soup can hold.
    static func unreadableEntry(soup: String, id: Int64, _ reason: String) -> StoreMigrationError {
        StoreMigrationError(
            code: .unreadableStore, message: "Entry \(id) of the SDK's soup \(soup) cannot be migrated: \(reason).",
            recoverySuggestion: "Nothing of this soup was migrated. Remove the entry from the SDK's store, or sync the soup again.")
    }

    /// ``Code/verificationFailed``, as the check finds it: what differs.
    static func differs(soup: String, _ difference: String) -> StoreMigrationError {
        StoreMigrationError(
            code: .verificationFailed, message: "The migrated soup \(soup) does not read back as the SDK's: \(difference).")
    }

    /// ``Code/verificationFailed``, once the migration has dealt with the soup: removed (so
    /// nothing unchecked stays), or kept because something wrote to it since it was migrated.
    static func verificationFailed(_ difference: String, removed: Bool) -> StoreMigrationError {
        StoreMigrationError(
            code: .verificationFailed, message: difference,
            recoverySuggestion: removed
                ? "It was removed again, and the SDK's store is untouched. Please report it, with the SDK version that wrote the store."
                : "It was kept, since it has been written to since it was migrated; the SDK's store is untouched. Remove the soup to migrate it again."
        )
    }
}
