import GRDB
public import SalesforceCore

/// Entries made ready to upsert before the write transaction: their JSON text and index values
/// are computed on the caller's task, so the transaction that writes them holds the store's
/// single writer only for the writing.
///
/// Mobile Sync prepares each page of a sync down while the previous one is written. Prepare with
/// ``SmartStore/prepare(entries:forSoupNamed:)``, then write inside a transaction with
/// ``StoreTransaction/upsert(_:withExternalIdPath:)``. A soup altered in between is handled: the
/// entries are then written as an ordinary upsert would write them.
public struct PreparedEntries: Sendable {
    /// The soup the entries were prepared for.
    public let soupName: String
    /// The entries, as given.
    public let entries: [JSON]
    let soup: SoupDescriptor
    /// Per entry, its JSON text after the system fields: `,"Name":"Acme"}`, or `}` for an empty entry.
    let tails: [String]
    /// Per entry, the values of the soup's index columns, in the soup's order.
    let indexValues: [[DatabaseValue]]

    /// How many entries there are.
    public var count: Int { entries.count }

    /// The entries at `positions` (in the order given), prepared as they are.
    public func subset(_ positions: [Int]) -> PreparedEntries {
        PreparedEntries(
            soupName: soupName, entries: positions.map { entries[$0] }, soup: soup, tails: positions.map { tails[$0] },
            indexValues: positions.map { indexValues[$0] })
    }

    init(soupName: String, entries: [JSON], soup: SoupDescriptor, tails: [String], indexValues: [[DatabaseValue]]) {
        self.soupName = soupName
        self.entries = entries
        self.soup = soup
        self.tails = tails
        self.indexValues = indexValues
    }

    /// Prepares `entries` for `soup`; an index on a system field is computed in the transaction instead.
    /// - Throws: ``SmartStoreError/entryNotObject(position:)``.
    init(_ entries: [JSON], soupName: String, soup: SoupDescriptor) throws(SmartStoreError) {
        var tails: [String] = []
        var indexValues: [[DatabaseValue]] = []
        tails.reserveCapacity(entries.count)
        indexValues.reserveCapacity(entries.count)
        let columns = soup.columnIndexes
        let systemFields = [SoupEntryField.id, SoupEntryField.createdDate, SoupEntryField.lastModifiedDate]
        for (position, entry) in entries.enumerated() {
            guard case .object(var members) = entry else { throw .entryNotObject(position: position) }
            // The stored entry gets its own system fields; any the entry carries are replaced.
            if systemFields.contains(where: { members[$0] != nil }) {
                for field in systemFields { members[field] = nil }
            }
            let body = JSON.object(members).serializedBytes(sortingKeys: false)
            tails.append(body.count <= 2 ? "}" : "," + String(decoding: body.dropFirst(), as: UTF8.self))
            indexValues.append(
                columns.map { index in
                    IndexValue(indexing: index.path.value(in: .object(members)), as: index.spec.type)?.databaseValue ?? .null
                })
        }
        self.init(soupName: soupName, entries: entries, soup: soup, tails: tails, indexValues: indexValues)
    }

    /// Whether the prepared values still fit `current`, the soup as the transaction sees it.
    func fits(_ current: SoupDescriptor) -> Bool {
        current.soupId == soup.soupId && current.indexes.map(\.spec) == soup.indexes.map(\.spec)
            && !current.indexes.contains { $0.path.segments.first?.hasPrefix("_soup") == true }
    }
}

extension SmartStore {
    /// Makes `entries` ready to upsert into a soup in a later transaction, off the store's writer.
    /// - Throws: ``SmartStoreError/soupNotFound(_:)``, ``SmartStoreError/entryNotObject(position:)``.
    public func prepare(entries: [JSON], forSoupNamed soupName: String) async throws(SmartStoreError) -> PreparedEntries {
        let soup = try await read { [catalog] db in try catalog.descriptor(named: soupName, db) }
        return try PreparedEntries(entries, soupName: soupName, soup: soup)
    }
}
