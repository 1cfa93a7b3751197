import Foundation
import MobileSync
import SalesforceApp
import SalesforceCore
import SmartStore

/// The app's Contacts: read and changed in the signed-in user's encrypted store, with or
/// without a network, and synced with the org when asked.
public actor ContactsModel {
    /// The soup of `userstore.json` the Contacts live in.
    public static let soup = "contacts"
    private let session: SalesforceApp

    /// The model of the current user of `session`.
    public init(session: SalesforceApp) {
        self.session = session
    }

    /// The Contacts whose last name contains `search` (all of them when it is empty), by last name.
    public func contacts(matching search: String = "") async throws -> [Contact] {
        let store = try await session.userStore()
        let spec: QuerySpec =
            search.isEmpty
            ? .buildAllQuerySpec(soupName: Self.soup, orderPath: "LastName", pageSize: 10_000)
            : .buildLikeQuerySpec(soupName: Self.soup, path: "LastName", likeKey: "%\(search)%", pageSize: 10_000)
        return try await store.query(using: spec).compactMap(Contact.init(record:))
    }

    /// Saves `contact` in the store, offline: a change to a stored Contact, or a new one.
    /// The next ``sync()`` sends it.
    @discardableResult
    public func save(_ contact: Contact) async throws -> Contact {
        let store = try await session.userStore()
        let fields = contact.fields
        let record: JSON
        if let entry = contact.id {
            record = try await store.updateLocally(soupEntryId: entry, inSoup: Self.soup) { stored in
                for (key, value) in fields { stored[key] = value }
            }
        } else {
            record = try await store.createLocally(.object(fields), objectType: "Contact", inSoup: Self.soup)
        }
        guard let saved = Contact(record: record) else { throw CocoaError(.coderInvalidValue) }
        return saved
    }

    /// Deletes `contact`, offline; the next ``sync()`` deletes it in the org.
    public func delete(_ contact: Contact) async throws {
        guard let entry = contact.id else { return }
        try await session.userStore().deleteLocally(soupEntryId: entry, inSoup: Self.soup)
    }

    /// What a sync did.
    public struct SyncReport: Sendable {
        /// Contacts sent to the org.
        public var sent: Int
        /// Contacts the org refused; each keeps the org's answer.
        public var failed: Int
        /// Contacts changed both here and in the org since the last sync: see ``conflicts()``.
        public var conflicted: Int
        /// Contacts that came down.
        public var received: Int
    }

    /// Sends the local changes (under LEAVE_IF_CHANGED: a Contact someone changed in the
    /// org meanwhile is left as a conflict), then brings the org's changes down.
    public func sync() async throws -> SyncReport {
        let syncs = try await session.syncManager()
        let up = try await syncs.reSync(named: "syncUpContacts")
        let down = try await syncs.reSync(named: "syncDownContacts")
        return SyncReport(
            sent: up.recordsSynced, failed: up.recordsFailed, conflicted: up.recordsConflicted, received: down.recordsSynced)
    }

    /// The Contacts a sync left unsent because they changed in the org too.
    public func conflicts() async throws -> [SyncConflict] {
        try await session.syncManager().conflicts(inSoup: Self.soup)
    }

    /// Settles a conflict: keep this device's version, or take the org's.
    public func resolve(_ conflict: SyncConflict, keepingMine: Bool) async throws {
        try await session.syncManager().resolveConflict(
            soupEntryId: conflict.soupEntryId, inSoup: Self.soup, keepingMine ? .keepMine : .takeTheirs)
    }
}
