import SalesforceCore
import SmartStore

/// Under OVERWRITE, what was deleted on the server is made again (mobilesync.md §4.5, as the
/// SDK does): a record whose update found it gone is created again, and so is the parent of a
/// child the server refused because its parent is gone; the children of a record made again are
/// created again under it (master-detail: the server deleted them with it) or pointed to it
/// (lookup).
extension TreeSyncUpRun {
    /// Takes the records of `answer` to make again out of it (they are written back with the
    /// second pass, not this one) and returns that second pass; nil when there are none.
    func recreation(after answer: inout TreeAnswer, options: SyncOptions) async throws -> TreeAnswer? {
        var roots: [(level: Int, entryId: Int64)] = []
        var retried: [(level: Int, record: JSON)] = []
        for (index, item) in answer.items.enumerated() {
            switch answer.outcomes[index] {
            case .notFound?:
                roots.append((item.level, item.item.entryId))
                answer.handedOver.insert(index)
            case .failed(let message)? where message.contains("ENTITY_IS_DELETED") && levels[item.level].parent != nil:
                // The child's parent is gone: the parent is made again, the child with it.
                guard let field = levels[item.level].object.parentIdFieldName, let parentId = item.item.read[field]?.stringValue,
                    let parentLevel = levels[item.level].parent
                else { continue }
                let parent = try await store.transaction { tx in try RecordTrees(levels: levels).local(parentId, at: parentLevel, tx: tx) }
                if let entryId = parent?["_soupEntryId"]?.integerValue {
                    roots.append((parentLevel, entryId))
                    retried.append((item.level, item.item.read))
                    answer.handedOver.insert(index)
                }
            default: continue
            }
        }
        guard !roots.isEmpty else { return nil }
        let (madeAgain, children) = (roots, retried)
        let plan = try await store.transaction { tx in
            try Self.recreationPlan(roots: madeAgain, retried: children, levels: levels, tx: tx)
        }
        var items: [TreeItem] = []
        var seen = Set<String>()
        for entry in plan {
            let key = "\(entry.level)/\(entry.record["_soupEntryId"]?.integerValue ?? 0)"
            guard seen.insert(key).inserted else { continue }
            var item = plannedItem(level: entry.level, record: entry.record, options: options)
            let object = levels[entry.level].object
            let recordTarget = target.recordTarget(for: object)
            switch entry.change {
            case .create:
                var fields = SyncUpItem.fields(
                    recordTarget.createFieldlist ?? options.fieldlist, of: entry.record, target: recordTarget, base: nil)
                if let field = object.parentIdFieldName, let parent = entry.record[field] { fields[field] = parent }
                item.item.action = .create(fields)
            case .pointToParent:
                guard let field = object.parentIdFieldName, let id = entry.record[object.idFieldName]?.stringValue,
                    let parent = entry.record[field]?.stringValue
                else { continue }
                item.item.action = .update(id: id, fields: [field: .string(parent)])
            case .asPlanned:
                break
            }
            items.append(item)
        }
        return TreeAnswer(items: items)
    }

    /// What the second pass sends, parents first: each record made again, its descendants made
    /// again or pointed to it, and the children retried.
    private static func recreationPlan(
        roots: [(level: Int, entryId: Int64)], retried: [(level: Int, record: JSON)], levels: [TreeLevel], tx: StoreTransaction
    ) throws -> [(level: Int, record: JSON, change: Recreation)] {
        var plan: [(level: Int, record: JSON, change: Recreation)] = []
        let trees = RecordTrees(levels: levels)
        var queue: [(level: Int, record: JSON, change: Recreation)] = []
        for root in roots {
            guard let record = try tx.retrieve(usingSoupEntryIds: [root.entryId], inSoup: levels[root.level].object.soupName).first
            else { continue }
            queue.append((root.level, record, .create))
        }
        while !queue.isEmpty {
            let next = queue.removeFirst()
            plan.append(next)
            guard next.change == .create, let id = next.record[levels[next.level].object.idFieldName]?.stringValue else { continue }
            for index in levels.indices where levels[index].parent == next.level {
                let masterDetail = levels[index].object.relationshipType == .masterDetail
                for child in try trees.children(at: index, of: id, tx: tx) {
                    // A child deleted locally needs nothing made again.
                    guard child[SyncField.locallyDeleted]?.boolValue != true else { continue }
                    queue.append(
                        (index, child, masterDetail || child[SyncField.locallyCreated]?.boolValue == true ? .create : .pointToParent))
                }
            }
        }
        for child in retried
        where !plan.contains(where: { $0.level == child.level && $0.record["_soupEntryId"] == child.record["_soupEntryId"] }) {
            plan.append((child.level, child.record, .asPlanned))
        }
        return plan
    }
}

/// What the second pass does with a record.
enum Recreation: Sendable, Equatable {
    /// Create it again (it is gone from the server).
    case create
    /// Point it to its parent made again.
    case pointToParent
    /// Send it as first planned (a child refused because its parent was gone).
    case asPlanned
}
