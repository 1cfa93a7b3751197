public import Foundation
public import SalesforceCore

// The spellings this module's public API had before, kept so that code written against them
// gets a fix-it to the new one instead of "no such member". CONTRIBUTING.md says when they go.

extension SmartStore {
    /// Renamed ``upsert(entries:inSoup:withExternalIdPath:)``: every soup argument is `inSoup:`.
    @available(*, unavailable, renamed: "upsert(entries:inSoup:withExternalIdPath:)")
    public func upsert(entries: [JSON], forSoupNamed soupName: String, withExternalIdPath externalIdPath: String = SoupEntryField.id)
        async throws(SmartStoreError) -> [JSON]
    { fatalError("unavailable") }

    /// Renamed ``create(entry:inSoup:)``.
    @available(*, unavailable, renamed: "create(entry:inSoup:)")
    public func create(entry: JSON, forSoupNamed soupName: String) async throws(SmartStoreError) -> JSON { fatalError("unavailable") }

    /// Renamed ``update(entry:soupEntryId:inSoup:)``.
    @available(*, unavailable, renamed: "update(entry:soupEntryId:inSoup:)")
    public func update(entry: JSON, soupEntryId: Int64, forSoupNamed soupName: String) async throws(SmartStoreError) -> JSON {
        fatalError("unavailable")
    }

    /// Renamed ``retrieve(usingSoupEntryIds:inSoup:)``.
    @available(*, unavailable, renamed: "retrieve(usingSoupEntryIds:inSoup:)")
    public func retrieve(usingSoupEntryIds ids: [Int64], fromSoupNamed soupName: String) async throws(SmartStoreError) -> [JSON] {
        fatalError("unavailable")
    }

    /// Renamed ``lookupSoupEntryId(inSoup:fieldPath:fieldValue:)``.
    @available(*, unavailable, renamed: "lookupSoupEntryId(inSoup:fieldPath:fieldValue:)")
    public func lookupSoupEntryId(soupNamed soupName: String, fieldPath path: String, fieldValue value: JSON) async throws(SmartStoreError)
        -> Int64?
    { fatalError("unavailable") }

    /// Renamed ``remove(entryIds:inSoup:)``.
    @available(*, unavailable, renamed: "remove(entryIds:inSoup:)")
    public func remove(entryIds ids: [Int64], forSoupNamed soupName: String) async throws(SmartStoreError) { fatalError("unavailable") }

    /// Renamed ``removeEntries(usingQuerySpec:inSoup:)``.
    @available(*, unavailable, renamed: "removeEntries(usingQuerySpec:inSoup:)")
    public func removeEntries(usingQuerySpec spec: QuerySpec, forSoupNamed soupName: String) async throws(SmartStoreError) -> Int {
        fatalError("unavailable")
    }

    /// Renamed ``indexSpecs(inSoup:)``.
    @available(*, unavailable, renamed: "indexSpecs(inSoup:)")
    public func indexSpecs(forSoup name: String) async throws(SmartStoreError) -> [IndexSpec] { fatalError("unavailable") }

    /// Renamed ``soupSpec(inSoup:)``.
    @available(*, unavailable, renamed: "soupSpec(inSoup:)")
    public func soupSpec(forSoup name: String) async throws(SmartStoreError) -> SoupSpec { fatalError("unavailable") }

    /// Renamed ``prepare(entries:inSoup:)``.
    @available(*, unavailable, renamed: "prepare(entries:inSoup:)")
    public func prepare(entries: [JSON], forSoupNamed soupName: String) async throws(SmartStoreError) -> PreparedEntries {
        fatalError("unavailable")
    }

    /// Renamed ``prepare(entries:texts:adding:inSoup:)``.
    @available(*, unavailable, renamed: "prepare(entries:texts:adding:inSoup:)")
    public func prepare(entries: [JSON], texts: [Data?], adding added: [String: JSON], forSoupNamed soupName: String)
        async throws(SmartStoreError) -> PreparedEntries
    { fatalError("unavailable") }
}

extension StoreTransaction {
    /// Renamed ``upsert(entries:inSoup:withExternalIdPath:)``.
    @available(*, unavailable, renamed: "upsert(entries:inSoup:withExternalIdPath:)")
    public func upsert(entries: [JSON], forSoupNamed soupName: String, withExternalIdPath externalIdPath: String = SoupEntryField.id)
        throws(SmartStoreError) -> [JSON]
    { fatalError("unavailable") }

    /// Renamed ``create(entry:inSoup:)``.
    @available(*, unavailable, renamed: "create(entry:inSoup:)")
    public func create(entry: JSON, forSoupNamed soupName: String) throws(SmartStoreError) -> JSON { fatalError("unavailable") }

    /// Renamed ``update(entry:soupEntryId:inSoup:)``.
    @available(*, unavailable, renamed: "update(entry:soupEntryId:inSoup:)")
    public func update(entry: JSON, soupEntryId: Int64, forSoupNamed soupName: String) throws(SmartStoreError) -> JSON {
        fatalError("unavailable")
    }

    /// Renamed ``retrieve(usingSoupEntryIds:inSoup:)``.
    @available(*, unavailable, renamed: "retrieve(usingSoupEntryIds:inSoup:)")
    public func retrieve(usingSoupEntryIds ids: [Int64], fromSoupNamed soupName: String) throws(SmartStoreError) -> [JSON] {
        fatalError("unavailable")
    }

    /// Renamed ``lookupSoupEntryId(inSoup:fieldPath:fieldValue:)``.
    @available(*, unavailable, renamed: "lookupSoupEntryId(inSoup:fieldPath:fieldValue:)")
    public func lookupSoupEntryId(soupNamed soupName: String, fieldPath path: String, fieldValue value: JSON) throws(SmartStoreError)
        -> Int64?
    {
        fatalError("unavailable")
    }

    /// Renamed ``remove(entryIds:inSoup:)``.
    @available(*, unavailable, renamed: "remove(entryIds:inSoup:)")
    public func remove(entryIds ids: [Int64], forSoupNamed soupName: String) throws(SmartStoreError) { fatalError("unavailable") }
}

/// Replaced by `UserIdentity`, the one identity of a user across ForceKit (its ids are
/// `SalesforceID`s and its initializer checks them).
@available(*, unavailable, renamed: "UserIdentity")
public typealias StoreUser = UserIdentity
