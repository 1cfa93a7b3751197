import SalesforceCore
import SmartStore

extension SyncManager {
    /// The records of `soup` that sync up left unsent because they changed on both sides, by
    /// entry id, with their local, server and base versions.
    public func conflicts(inSoup soup: String, idFieldName: String = "Id") async throws(SyncError) -> [SyncConflict] {
        var found: [SyncConflict] = []
        var after: Int64 = 0
        let sql =
            "SELECT {\(soup):_soup} FROM {\(soup)} WHERE {\(soup):\(SyncField.local)} = 'true' AND {\(soup):_soupEntryId} > ? "
            + "ORDER BY {\(soup):_soupEntryId}"
        while true {
            let rows: [JSON]
            do {
                rows = try await store.query(using: .buildSmartQuerySpec(smartSQL: sql, pageSize: 500), arguments: [.integer(after)])
            } catch {
                throw .store(error)
            }
            let records = rows.compactMap { $0[0] }
            guard let last = records.last?["_soupEntryId"]?.integerValue else { return found }
            after = last
            found += records.compactMap { SyncConflict(record: $0, idFieldName: idFieldName) }
        }
    }

    /// Settles a conflict found by sync up: keeps the device's version for the next sync up,
    /// takes the server's, or keeps a merged version.
    /// - Throws: ``SyncError/invalidConfiguration(_:)`` when the record has no conflict, or the
    ///   store's failure.
    public func resolveConflict(
        soupEntryId: Int64, inSoup soup: String, _ resolution: ConflictResolution, idFieldName: String = "Id",
        modificationDateFieldName: String = "LastModifiedDate"
    ) async throws(SyncError) {
        do {
            try await store.transaction { tx in
                guard let record = try tx.retrieve(usingSoupEntryIds: [soupEntryId], inSoup: soup).first,
                    let conflict = SyncConflict(record: record, idFieldName: idFieldName)
                else { throw SyncError.invalidConfiguration("the record \(soupEntryId) of \(soup) has no conflict to resolve") }
                var flags = RecordFlags(record)
                flags.members[SyncField.conflict] = nil
                flags.members[SyncField.lastError] = .null
                guard let server = conflict.server?.objectValue else {
                    // The server deleted it: keeping it means creating it again.
                    switch resolution {
                    case .takeTheirs:
                        try tx.remove(entryIds: [soupEntryId], inSoup: soup)
                        return
                    case .keepMine, .merged:
                        if case .merged(let fields) = resolution { for (key, value) in fields { flags.members[key] = value } }
                        flags.members[SyncField.base] = nil
                        flags.set(created: true, updated: false, deleted: false)
                        try tx.update(entry: flags.record, soupEntryId: soupEntryId, inSoup: soup)
                        return
                    }
                }
                let serverFields = server.filter { $0.key != "attributes" }
                switch resolution {
                case .takeTheirs:
                    for (key, value) in serverFields { flags.members[key] = value }
                    flags.clean()
                case .keepMine:
                    // The server's version becomes the base: the next write is conditional on it
                    // and sends every field the device has differently.
                    flags.members[SyncField.base] = .object(serverFields)
                    flags.set(updated: true)
                case .merged(let fields):
                    for (key, value) in serverFields { flags.members[key] = value }
                    for (key, value) in fields { flags.members[key] = value }
                    flags.members[SyncField.base] = .object(serverFields)
                    flags.set(updated: true)
                }
                if let stamp = server[modificationDateFieldName], case .takeTheirs = resolution {
                    flags.members[modificationDateFieldName] = stamp
                }
                try tx.update(entry: flags.record, soupEntryId: soupEntryId, inSoup: soup)
            }
        } catch let error as SyncError {
            throw error
        } catch {
            throw .store(error)
        }
    }
}
