import GRDB
public import SalesforceCore

extension SmartStore {
    /// The user of the org this store was made for, or nil when no one has claimed it (a store
    /// made before stores kept their owner, or one only ever used offline).
    ///
    /// The SDK's model is that a user's store belongs to that user of that org: a sync that
    /// writes one org's records into another's store mixes them, and cleaning its ghosts then
    /// removes every record the other org does not have. ``claim(for:)`` records the owner;
    /// Mobile Sync's manager claims a store at its first use and refuses any other account.
    public func owner() async throws(SmartStoreError) -> UserIdentity? {
        try await read { db in try Self.readOwner(db) }
    }

    /// Records `identity` (its org and user; a community is not part of ownership) as the
    /// store's owner when it has none, and returns the owner it then has: `identity`, or the
    /// one it already had.
    /// - Throws: ``SmartStoreError/readOnly(path:)`` for a store opened read-only that has no owner.
    @discardableResult
    public func claim(for identity: UserIdentity) async throws(SmartStoreError) -> UserIdentity {
        if let owner = try await owner() { return owner }
        return try await write { db, _ in
            if let owner = try Self.readOwner(db) { return owner }
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS \(Self.ownerTable) (org_id TEXT NOT NULL, user_id TEXT NOT NULL)")
            try db.execute(
                sql: "INSERT INTO \(Self.ownerTable) (org_id, user_id) VALUES (?, ?)",
                arguments: [identity.orgID.id18, identity.userID.id18])
            return identity.withoutCommunity
        }
    }

    /// The table of the owner's ids: one row, ForceKit's own (the SDK ignores tables it does not know).
    private static let ownerTable = "forcekit_store_owner"

    private static func readOwner(_ db: Database) throws -> UserIdentity? {
        guard try db.tableExists(ownerTable), let row = try Row.fetchOne(db, sql: "SELECT org_id, user_id FROM \(ownerTable) LIMIT 1")
        else { return nil }
        return try? UserIdentity(orgID: row[0] as String, userID: row[1] as String)
    }
}
