public import SalesforceCore

/// Why a sync operation could not start: the precondition it broke, the sync it is about,
/// and what to do.
///
/// A sync that starts and then fails does not throw: it ends ``SyncStatus/failed`` and its
/// ``SyncState/error`` says why, so that an app handles a finished sync one way. Like the
/// other ForceKit errors it is a struct with a ``Code``, so new failures can be added without
/// breaking an app's `switch`:
///
/// ```swift
/// do {
///     _ = try await manager.reSync(named: "contacts")
/// } catch SyncError.Code.syncNotFound {
///     _ = try await manager.syncDown(target: target, soupName: "contacts", name: "contacts")
/// }
/// ```
public struct SyncError: CodedForceKitError, Hashable {
    /// What kind of failure it is; a `switch` over codes needs a `default`.
    public struct Code: ForceKitErrorCode {
        /// The error this code belongs to.
        public typealias CodedError = SyncError

        /// The code's name.
        public let rawValue: String
        /// A code by name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The manager was stopped (SDK error 900).
        public static let managerStopped = Code(rawValue: "managerStopped")
        /// `restart` was called on a manager that is accepting syncs (901).
        public static let cannotRestart = Code(rawValue: "cannotRestart")
        /// The sync is already running (902).
        public static let alreadyRunning = Code(rawValue: "alreadyRunning")
        /// No sync has this id or name (903).
        public static let syncNotFound = Code(rawValue: "syncNotFound")
        /// Another sync of the store already has this name.
        public static let duplicateName = Code(rawValue: "duplicateName")
        /// The operation needs a sync of the other direction (ghosts are cleaned for sync downs only).
        public static let wrongSyncType = Code(rawValue: "wrongSyncType")
        /// A target, options or configuration file cannot be used as given.
        public static let invalidConfiguration = Code(rawValue: "invalidConfiguration")
        /// The store failed underneath the sync.
        public static let store = Code(rawValue: "store")
        /// The server failed a request that the operation cannot do without.
        public static let server = Code(rawValue: "server")
        /// The store or the sync belongs to another user or org than the client's.
        public static let wrongAccount = Code(rawValue: "wrongAccount")
    }

    /// What kind of failure it is.
    public let code: Code
    /// What went wrong, naming the sync.
    public let message: String
    /// What to do about it.
    public let recoverySuggestion: String?

    /// An error from its parts; MobileSync makes its errors with the static functions named like the codes.
    public init(code: Code, message: String, recoverySuggestion: String? = nil) {
        self.code = code
        self.message = message
        self.recoverySuggestion = recoverySuggestion
    }

    /// ``Code/managerStopped``.
    public static let managerStopped = SyncError(
        code: .managerStopped, message: "The sync manager is stopped, so it starts no sync.",
        recoverySuggestion: "Restart the sync manager first.")

    /// ``Code/cannotRestart``.
    public static let cannotRestart = SyncError(
        code: .cannotRestart, message: "The sync manager is accepting syncs, so there is nothing to restart.")

    /// ``Code/alreadyRunning``.
    public static func alreadyRunning(_ sync: String) -> SyncError {
        SyncError(
            code: .alreadyRunning, message: "The sync \(sync) is running.",
            recoverySuggestion: "Wait for it to end (its updates say when), or stop the manager first.")
    }

    /// ``Code/syncNotFound``.
    public static func syncNotFound(_ sync: String) -> SyncError {
        SyncError(
            code: .syncNotFound, message: "There is no sync \(sync) in this store.",
            recoverySuggestion: "Check the id or name against the syncs the store lists.")
    }

    /// ``Code/duplicateName``.
    public static func duplicateName(_ name: String) -> SyncError {
        SyncError(
            code: .duplicateName, message: "There is already a sync named \"\(name)\" in this store.",
            recoverySuggestion: "Run the existing sync again by its name (a re-sync), delete it first, or pick another name.")
    }

    /// ``Code/wrongSyncType``.
    public static func wrongSyncType(_ sync: String, expected: SyncType) -> SyncError {
        SyncError(code: .wrongSyncType, message: "The sync \(sync) is not a \(expected.rawValue), which this operation needs.")
    }

    /// ``Code/invalidConfiguration``.
    public static func invalidConfiguration(_ reason: String) -> SyncError {
        SyncError(code: .invalidConfiguration, message: "The sync cannot be set up: \(reason).")
    }

    /// ``Code/store``.
    public static func store(_ error: any Error) -> SyncError {
        SyncError(code: .store, message: "The store failed: \(error)")
    }

    /// ``Code/wrongAccount``: `owner` made the store or the sync (`sync` names it, nil for the
    /// store), and the client is signed in as `account`.
    public static func wrongAccount(owner: UserIdentity, account: UserIdentity, sync: String?) -> SyncError {
        let what = sync.map { "The sync \($0)" } ?? "This store"
        return SyncError(
            code: .wrongAccount,
            message: """
                \(what) belongs to user \(owner.userID) of org \(owner.orgID), not to the signed-in user \(account.userID) of org \
                \(account.orgID): running it would mix two orgs' records, and cleaning its ghosts would remove the other org's.
                """,
            recoverySuggestion: "Run it as the account that made it, or use a store of this account.")
    }

    /// ``Code/server``.
    public static func server(_ error: any Error) -> SyncError {
        SyncError(code: .server, message: "The server failed: \(error)")
    }
}
