import Foundation
import SOQL
import SalesforceCore
import SalesforceREST
import SmartStore

/// One run of a tree's sync up: the dirty records of every soup of the tree, grouped by tree,
/// sent through composite parents first, and written back in one transaction per group.
///
/// The write-back starts from each record as it is then, so an edit the app made meanwhile
/// stays and keeps the record dirty, as in a one-soup sync up.
struct TreeSyncUpRun: Sendable {
    let store: SmartStore
    let client: RestClient
    let target: ParentChildrenSyncUpTarget
    let report: SyncReporter
    let shouldStop: @Sendable () async -> Bool
    /// Subrequests a composite request holds at most.
    static let requestLimit = 25

    func run(_ initial: SyncState) async -> SyncState {
        var state = initial
        let trees = RecordTrees(levels: target.tree.levels)
        do {
            let changes = try await store.transaction { tx in try TreeChanges(trees, tx: tx) }
            state.totalSize = changes.count
            await report.update(state)
            var done = 0
            if !changes.orphans.isEmpty {
                let items = changes.orphans.map { plannedItem(level: $0.level, record: $0.record, options: state.options) }
                var answer = TreeAnswer(items: items)
                for index in items.indices {
                    let object = target.tree.levels[items[index].level].object
                    answer.notSent[index] =
                        "Not sent: its parent (\(object.parentIdFieldName ?? "parent") "
                        + "\(items[index].item.read[object.parentIdFieldName ?? ""]?.stringValue ?? "none")) is not in the store."
                }
                state = try await writeBack(answer, into: state)
                done += items.count
            }
            for group in changes.groups(limit: Self.requestLimit) {
                if await shouldStop() { return await report.end(state, .stopped) }
                var items: [TreeItem] = []
                var roots: [String] = []
                for tree in group {
                    for (level, record) in tree.records {
                        items.append(plannedItem(level: level, record: record, options: state.options))
                        roots.append(tree.rootId)
                    }
                }
                var answer = TreeAnswer(items: items)
                if state.options.effectiveMergeMode == .leaveIfChanged {
                    let changedTrees = try await serverChanges(in: group)
                    for index in items.indices {
                        if let message = changedTrees[roots[index]] { answer.skipped[index] = message }
                    }
                }
                do {
                    try await send(&answer, conditional: state.options.effectiveMergeMode == .leaveIfChanged)
                } catch {
                    // What the server took is written back before the run fails, so it is not sent twice.
                    state = try await writeBack(answer, into: state)
                    throw error
                }
                answer.stamps = try await freshStamps(answer)
                state = try await writeBack(answer, into: state)
                done += items.count
                state.progress = state.totalSize > 0 ? min(99, done * 100 / state.totalSize) : 0
                await report.update(state)
            }
            return await report.end(state, .done)
        } catch {
            state.error = SyncFailure.describe(error)
            return await report.end(state, .failed)
        }
    }

    // MARK: - Planning

    private func plannedItem(level: Int, record: JSON, options: SyncOptions) -> TreeItem {
        let object = target.tree.levels[level].object
        var record = record
        // A record stored without its type (not through createLocally) is still of its level's type.
        if record["attributes"]?["type"]?.stringValue == nil, case .object(var members) = record {
            members["attributes"] = ["type": .string(object.objectType)]
            record = .object(members)
        }
        let item = SyncUpItem(record: record, target: target.recordTarget(for: object), options: options)
        return TreeItem(level: level, item: item, referenceId: "t\(level)e\(item.entryId)")
    }

    /// The trees of `group` with a record the server changed or deleted since it came down,
    /// with a sentence saying which (LEAVE_IF_CHANGED leaves those trees alone, as the SDK does).
    private func serverChanges(in group: [TreeChanges.Tree]) async throws -> [String: String] {
        let trees = RecordTrees(levels: target.tree.levels)
        let roots = group.map(\.rootId)
        let local = try await store.transaction { tx in
            try roots.map { root in (root, try trees.records(ofTreeWithRoot: root, tx: tx)) }
        }
        var idsByLevel: [Int: [String]] = [:]
        for (_, records) in local {
            for (level, record) in records {
                let object = target.tree.levels[level].object
                if let id = record[object.idFieldName]?.stringValue, !LocalID.isLocal(id) { idsByLevel[level, default: []].append(id) }
            }
        }
        var serverStamps: [Int: [String: Int64]] = [:]
        for (level, ids) in idsByLevel {
            let object = target.tree.levels[level].object
            let records = try await IdQuery.records(
                object.objectType, fields: [object.idFieldName, object.modificationDateFieldName], ids: Array(Set(ids)),
                idField: object.idFieldName, client: client)
            for record in records {
                guard let id = record[object.idFieldName]?.stringValue else { continue }
                serverStamps[level, default: [:]][id] = baseStampMilliseconds(of: record, field: object.modificationDateFieldName) ?? 0
            }
        }
        var changed: [String: String] = [:]
        for (root, records) in local {
            for (level, record) in records {
                let object = target.tree.levels[level].object
                guard let id = record[object.idFieldName]?.stringValue, !LocalID.isLocal(id) else { continue }
                guard let server = serverStamps[level]?[id] else {
                    changed[root] = "Left alone: the \(object.objectType) \(id) of its tree was deleted on the server."
                    break
                }
                if let mine = baseStampMilliseconds(of: record, field: object.modificationDateFieldName), server > mine {
                    changed[root] = "Left alone: the \(object.objectType) \(id) of its tree changed on the server since it was last synced."
                    break
                }
            }
        }
        return changed
    }

    // MARK: - Sending

    /// Sends the items not skipped, in dependency order, 25 subrequests a request: creates and
    /// updates parents first, deletes children first; children of a master-detail parent being
    /// deleted go with it.
    private func send(_ answer: inout TreeAnswer, conditional: Bool) async throws {
        let levels = target.tree.levels
        let items = answer.items
        var creatorOf: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            if case .create = item.item.action, let id = item.item.read[levels[item.level].object.idFieldName]?.stringValue {
                creatorOf["\(item.level)/\(id)"] = index
            }
        }
        var deleting = Set<String>()
        for item in items {
            if case .delete(let id) = item.item.action { deleting.insert("\(item.level)/\(id)") }
        }
        var writes: [Int] = []
        var deletes: [Int] = []
        for index in items.indices where answer.skipped[index] == nil {
            let item = items[index]
            let object = levels[item.level].object
            if let parent = levels[item.level].parent, object.relationshipType == .masterDetail,
                let parentId = item.item.read[object.parentIdFieldName ?? ""]?.stringValue, deleting.contains("\(parent)/\(parentId)")
            {
                answer.withParentDelete[index] = "\(parent)/\(parentId)"
                continue
            }
            switch item.item.action {
            case .create, .update: writes.append(index)
            case .delete: deletes.append(index)
            case .settle, .invalid: break
            }
        }
        writes.sort { (levels[items[$0].level].ancestors.count, $0) < (levels[items[$1].level].ancestors.count, $1) }
        deletes.sort { (levels[items[$0].level].ancestors.count, $1) > (levels[items[$1].level].ancestors.count, $0) }
        for chunk in (writes + deletes).chunks(of: Self.requestLimit) {
            var pairs: [(referenceID: String, request: RestRequest)] = []
            var sent: [Int] = []
            let inChunk = Set(chunk)
            for index in chunk {
                let item = items[index]
                let object = levels[item.level].object
                var action = item.item.action
                if let field = object.parentIdFieldName, let parentLevel = levels[item.level].parent,
                    let parentId = item.item.read[field]?.stringValue, LocalID.isLocal(parentId)
                {
                    // The parent is new: referenced in this request, or by the id it got in an earlier one.
                    let reference: String
                    if let creator = creatorOf["\(parentLevel)/\(parentId)"], inChunk.contains(creator) {
                        reference = "@{\(items[creator].referenceId).id}"
                    } else if let creator = creatorOf["\(parentLevel)/\(parentId)"], case .created(let newId)? = answer.outcomes[creator] {
                        reference = newId
                    } else {
                        let parentType = levels[parentLevel].object.objectType
                        let why = creatorOf["\(parentLevel)/\(parentId)"].flatMap { answer.message(for: $0) }.map { ": \($0)" } ?? ""
                        answer.notSent[index] = "Not sent: its parent \(parentType) \(parentId) was not created\(why)"
                        continue
                    }
                    action = Self.action(action, setting: field, to: reference)
                }
                guard let request = request(for: item, action: action, conditional: conditional) else { continue }
                pairs.append((item.referenceId, request))
                sent.append(index)
            }
            guard !pairs.isEmpty else { continue }
            let response = try await client.send(client.requests.composite(pairs, allOrNone: false))
            var byReference: [String: JSON] = [:]
            for result in (try? JSON(parsing: response.data))?["compositeResponse"]?.arrayValue ?? [] {
                if let reference = result["referenceId"]?.stringValue { byReference[reference] = result }
            }
            for index in sent {
                let item = items[index]
                guard let result = byReference[item.referenceId] else {
                    answer.outcomes[index] = .failed("The composite answer has no result for this record.")
                    continue
                }
                let status = Int(clamping: result["httpStatusCode"]?.integerValue ?? 0)
                answer.outcomes[index] = .of(status: status, body: result["body"] ?? .null, for: item.item.action)
            }
            // A child whose new parent failed in the same request failed because of it: say so.
            for index in sent {
                let item = items[index]
                guard case .failed? = answer.outcomes[index], let field = levels[item.level].object.parentIdFieldName,
                    let parentLevel = levels[item.level].parent, let parentId = item.item.read[field]?.stringValue,
                    let creator = creatorOf["\(parentLevel)/\(parentId)"], inChunk.contains(creator),
                    case .failed(let parentMessage)? = answer.outcomes[creator]
                else { continue }
                answer.outcomes[index] = .failed(
                    "Not created: its parent \(levels[parentLevel].object.objectType) \(parentId) failed: \(parentMessage)")
            }
        }
    }

    private static func action(_ action: SyncUpItem.Action, setting field: String, to value: String) -> SyncUpItem.Action {
        switch action {
        case .create(var fields):
            fields[field] = .string(value)
            return .create(fields)
        case .update(let id, var fields):
            fields[field] = .string(value)
            return .update(id: id, fields: fields)
        default: return action
        }
    }

    private func request(for item: TreeItem, action: SyncUpItem.Action, conditional: Bool) -> RestRequest? {
        let requests = client.requests
        let since = conditional ? item.item.baseStamp : nil
        switch action {
        case .create(var fields):
            let object = target.tree.levels[item.level].object
            // A child is created under its parent even when the field lists leave the parent field out.
            if let field = object.parentIdFieldName, fields[field] == nil, let parent = item.item.read[field] { fields[field] = parent }
            return requests.create(item.item.objectType, fields: .object(fields))
        case .update(let id, let fields):
            return requests.update(item.item.objectType, id: id, fields: .object(fields), ifUnmodifiedSince: since)
        case .delete(let id): return requests.delete(item.item.objectType, id: id, ifUnmodifiedSince: since)
        case .settle, .invalid: return nil
        }
    }

    /// The server's new stamps of the records written, one query per object.
    private func freshStamps(_ answer: TreeAnswer) async throws -> [String: JSON] {
        var idsByLevel: [Int: [String]] = [:]
        for (index, item) in answer.items.enumerated() {
            switch answer.outcomes[index] {
            case .created(let id): idsByLevel[item.level, default: []].append(id)
            case .written:
                if case .update(let id, _) = item.item.action { idsByLevel[item.level, default: []].append(id) }
            default: break
            }
        }
        var stamps: [String: JSON] = [:]
        for (level, ids) in idsByLevel {
            let object = target.tree.levels[level].object
            let records = try await IdQuery.records(
                object.objectType, fields: [object.idFieldName, object.modificationDateFieldName], ids: ids, idField: object.idFieldName,
                client: client)
            for record in records {
                if let id = record[object.idFieldName]?.stringValue { stamps[id] = record[object.modificationDateFieldName] }
            }
        }
        return stamps
    }

    // MARK: - Writing back

    /// Applies a group's outcomes to its records as they are now, with the state, in one transaction.
    private func writeBack(_ answer: TreeAnswer, into state: SyncState) async throws -> SyncState {
        let levels = target.tree.levels
        let (written, outcomes) = try await store.transaction { tx in
            var state = state
            var published: [RecordOutcome] = []
            var newIds: [String: String] = [:]
            var deletedParents = Set<String>()
            for (index, planned) in answer.items.enumerated() {
                let object = levels[planned.level].object
                let item = planned.item
                let soup = object.soupName
                let serverId = item.read[object.idFieldName]?.stringValue
                func publish(_ kind: RecordOutcome.Kind, _ message: String?) {
                    published.append(RecordOutcome(syncId: state.id, soupEntryId: item.entryId, id: serverId, kind: kind, message: message))
                }
                guard let current = try tx.retrieve(usingSoupEntryIds: [item.entryId], fromSoupNamed: soup).first else { continue }
                let changedMeanwhile = current["_soupLastModifiedDate"] != item.read["_soupLastModifiedDate"]
                var flags = RecordFlags(current)
                // A child of a parent created just now points to the parent's new id.
                if let field = object.parentIdFieldName, let parentLevel = levels[planned.level].parent,
                    let parentId = flags.members[field]?.stringValue, let newId = newIds["\(parentLevel)/\(parentId)"]
                {
                    flags.members[field] = .string(newId)
                }
                if let message = answer.skipped[index] {
                    state.recordsConflicted += 1
                    flags.members[SyncField.lastError] = .string(message)
                    publish(.conflicted, message)
                } else if let message = answer.notSent[index] {
                    state.recordsFailed += 1
                    flags.members[SyncField.lastError] = .string(message)
                    publish(.failed, message)
                } else if let parent = answer.withParentDelete[index] {
                    if deletedParents.contains(parent) {
                        state.recordsSynced += 1
                        try tx.remove(entryIds: [item.entryId], forSoupNamed: soup)
                        publish(.synced, nil)
                        continue
                    }
                    let message = "Not sent: its master record's delete did not go through."
                    state.recordsFailed += 1
                    flags.members[SyncField.lastError] = .string(message)
                    publish(.failed, message)
                } else {
                    switch (item.action, answer.outcomes[index]) {
                    case (.invalid(let message), _):
                        state.recordsFailed += 1
                        flags.members[SyncField.lastError] = .string(message)
                        publish(.failed, message)
                    case (.settle, _):
                        state.recordsSynced += 1
                        publish(.synced, nil)
                        if flags.isCreated && flags.isDeleted {
                            try tx.remove(entryIds: [item.entryId], forSoupNamed: soup)
                            continue
                        }
                        if !changedMeanwhile { flags.clean() }
                    case (_, .deleted?):
                        state.recordsSynced += 1
                        publish(.synced, nil)
                        if let serverId { deletedParents.insert("\(planned.level)/\(serverId)") }
                        try removeMasterDetailChildren(of: planned.level, id: serverId, tx: tx)
                        try tx.remove(entryIds: [item.entryId], forSoupNamed: soup)
                        continue
                    case (_, .created?), (_, .written?):
                        state.recordsSynced += 1
                        publish(.synced, nil)
                        if case .created(let id)? = answer.outcomes[index] {
                            if let serverId { newIds["\(planned.level)/\(serverId)"] = id }
                            flags.members[object.idFieldName] = .string(id)
                        }
                        let id = flags.members[object.idFieldName]?.stringValue ?? ""
                        if changedMeanwhile {
                            var base = RecordFlags(item.read).serverFields
                            base[object.idFieldName] = .string(id)
                            if let stamp = answer.stamps[id] { base[object.modificationDateFieldName] = stamp }
                            flags.members[SyncField.base] = .object(base)
                            flags.set(created: false, updated: true)
                        } else {
                            flags.clean()
                            if let stamp = answer.stamps[id] { flags.members[object.modificationDateFieldName] = stamp }
                        }
                    case (_, .conflict?), (_, .notFound?):
                        let message = "The record changed on the server since it was last synced; resolve the conflict to send it."
                        state.recordsConflicted += 1
                        flags.members[SyncField.lastError] = .string(message)
                        publish(.conflicted, message)
                    case (_, .failed(let message)?):
                        state.recordsFailed += 1
                        flags.members[SyncField.lastError] = .string(message)
                        publish(.failed, message)
                    case (_, nil):
                        let message = "The server gave no answer for this record."
                        state.recordsFailed += 1
                        flags.members[SyncField.lastError] = .string(message)
                        publish(.failed, message)
                    }
                }
                _ = try tx.update(entry: flags.record, soupEntryId: item.entryId, forSoupNamed: soup)
            }
            try SyncStateStore.save(state, tx)
            return (state, published)
        }
        report.publish(outcomes)
        return written
    }

    /// Removes the local records under a master record deleted on the server: the server
    /// deleted them with it.
    private func removeMasterDetailChildren(of level: Int, id: String?, tx: StoreTransaction) throws {
        guard let id else { return }
        let levels = target.tree.levels
        for index in levels.indices where levels[index].parent == level {
            let object = levels[index].object
            guard object.relationshipType == .masterDetail else { continue }
            for child in try RecordTrees(levels: levels).children(at: index, of: id, tx: tx) {
                try removeMasterDetailChildren(of: index, id: child[object.idFieldName]?.stringValue, tx: tx)
                if let entryId = child["_soupEntryId"]?.integerValue { try tx.remove(entryIds: [entryId], forSoupNamed: object.soupName) }
            }
        }
    }
}

/// A planned record of a tree: its level, its plan, and its composite reference.
struct TreeItem: Sendable {
    let level: Int
    var item: SyncUpItem
    let referenceId: String
}

/// What became of a group's records: sent and answered, left alone, or not sent and why.
struct TreeAnswer: Sendable {
    let items: [TreeItem]
    var outcomes: [Int: SyncUpOutcome] = [:]
    /// Items of trees LEAVE_IF_CHANGED leaves alone, with why.
    var skipped: [Int: String] = [:]
    /// Items that could not be sent, with why.
    var notSent: [Int: String] = [:]
    /// Items under a master record being deleted: they go with it.
    var withParentDelete: [Int: String] = [:]
    var stamps: [String: JSON] = [:]

    init(items: [TreeItem]) {
        self.items = items
    }

    /// Why an item did not go through, if it did not.
    func message(for index: Int) -> String? {
        if let message = skipped[index] ?? notSent[index] { return message }
        if case .failed(let message)? = outcomes[index] { return message }
        return nil
    }
}
