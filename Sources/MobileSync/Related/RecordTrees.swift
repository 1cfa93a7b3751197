import SalesforceCore
import SmartStore

/// The trees a store's records form under a tree target: which root a record belongs to, and
/// which trees hold local changes, read through the records' parent fields inside a transaction.
struct RecordTrees: Sendable {
    let levels: [TreeLevel]

    /// The id of the root above the record with `id` at `level`, read from `record` when given
    /// (a record coming down) or the local copy; nil when a parent on the way is not local.
    func rootId(ofRecordAt level: Int, id: String, record: JSON?, tx: StoreTransaction) throws -> String? {
        var index = level
        var current = try record ?? local(id, at: level, tx: tx)
        var currentId = id
        while let parent = levels[index].parent {
            guard let field = levels[index].object.parentIdFieldName, let parentId = current?[field]?.stringValue else { return nil }
            currentId = parentId
            index = parent
            if levels[index].parent == nil { break }
            current = try local(parentId, at: index, tx: tx)
        }
        return currentId
    }

    /// The roots of every tree that has a record with local changes.
    func changedRoots(tx: StoreTransaction) throws -> Set<String> {
        var roots = Set<String>()
        for index in levels.indices {
            let object = levels[index].object
            for record in try dirtyRecords(at: index, tx: tx) {
                guard let id = record[object.idFieldName]?.stringValue else { continue }
                if let root = try rootId(ofRecordAt: index, id: id, record: record, tx: tx) { roots.insert(root) }
            }
        }
        return roots
    }

    /// The records of `level`'s soup with local changes.
    func dirtyRecords(at level: Int, tx: StoreTransaction) throws -> [JSON] {
        let soup = levels[level].object.soupName
        let sql = "SELECT {\(soup):_soup} FROM {\(soup)} WHERE {\(soup):\(SyncField.local)} = 'true' ORDER BY {\(soup):_soupEntryId}"
        return try Self.allRows(.buildSmartQuerySpec(smartSQL: sql, pageSize: 500), tx: tx).compactMap { $0[0] }
    }

    /// Sync down's LEAVE_IF_CHANGED for `level`: a record is left alone when its tree has local changes.
    func localChangeCheck(forLevel level: Int) -> LocalChangeCheck {
        let trees = self
        return LocalChangeCheck { tx in
            let changed = try trees.changedRoots(tx: tx)
            return { id, incoming in
                guard !changed.isEmpty else { return false }
                guard let root = try trees.rootId(ofRecordAt: level, id: id, record: incoming, tx: tx) else { return false }
                return changed.contains(root)
            }
        }
    }

    /// Every row `spec` matches, page by page.
    static func allRows(_ spec: QuerySpec, tx: StoreTransaction) throws -> [JSON] {
        var rows: [JSON] = []
        var page = 0
        while true {
            let found = try tx.query(using: spec, startingFromPageIndex: page)
            rows += found
            if found.count < spec.pageSize { return rows }
            page += 1
        }
    }

    /// The records of `level`'s soup whose parent field holds `parentId`.
    func children(at level: Int, of parentId: String, tx: StoreTransaction) throws -> [JSON] {
        let object = levels[level].object
        guard let field = object.parentIdFieldName else { return [] }
        return try Self.allRows(
            .buildExactQuerySpec(soupName: object.soupName, path: field, matchKey: .string(parentId), pageSize: 500), tx: tx)
    }

    /// The local record with `id` at `level`.
    func local(_ id: String, at level: Int, tx: StoreTransaction) throws -> JSON? {
        let object = levels[level].object
        guard let entryId = try tx.lookupSoupEntryId(inSoup: object.soupName, fieldPath: object.idFieldName, fieldValue: .string(id))
        else { return nil }
        return try tx.retrieve(usingSoupEntryIds: [entryId], inSoup: object.soupName).first
    }
}
