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
    /// The objects of the tree, parents first, worked out once for the run.
    let levels: [TreeLevel]
    /// Subrequests a composite request holds at most.
    static let requestLimit = 25

    init(
        store: SmartStore, client: RestClient, target: ParentChildrenSyncUpTarget, report: SyncReporter,
        shouldStop: @escaping @Sendable () async -> Bool
    ) {
        self.store = store
        self.client = client
        self.target = target
        self.report = report
        self.shouldStop = shouldStop
        levels = target.tree.levels
    }

    func run(_ initial: SyncState) async -> SyncState {
        var state = initial
        let trees = RecordTrees(levels: levels)
        do {
            state = try await SentCreateRecovery.reconcile(
                state, soups: recoveredSoups(options: state.options), store: store, client: client)
            let changes = try await store.transaction { tx in try TreeChanges(trees, tx: tx) }
            state.totalSize = changes.count
            await report.update(state)
            var done = 0
            if !changes.orphans.isEmpty {
                let items = changes.orphans.map { plannedItem(level: $0.level, record: $0.record, options: state.options) }
                var answer = TreeAnswer(items: items)
                for index in items.indices {
                    let object = levels[items[index].level].object
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
                    let check = try await serverChanges(in: group)
                    for index in items.indices {
                        if let message = check.messages[roots[index]] { answer.skipped[index] = message }
                    }
                    answer.conflictCopies = check.conflicts
                    answer.refreshes = check.refreshes
                }
                do {
                    try await recordSentCreates(of: answer, in: &state)
                    try await send(&answer, conditional: state.options.effectiveMergeMode == .leaveIfChanged)
                    // Under OVERWRITE nothing is refused as changed, and what is gone is made again below.
                    if state.options.effectiveMergeMode == .leaveIfChanged { try await keepConflictCopies(in: &answer) }
                } catch {
                    // What the server took is written back before the run fails, so it is not sent twice.
                    state = try await writeBack(answer, into: state)
                    throw error
                }
                // Under OVERWRITE, records deleted on the server are made again, as the SDK does.
                let again =
                    state.options.effectiveMergeMode == .overwrite ? try await recreation(after: &answer, options: state.options) : nil
                answer.stamps = try await freshStamps(answer)
                state = try await writeBack(answer, into: state)
                if var second = again {
                    do {
                        try await recordSentCreates(of: second, in: &state)
                        try await send(&second, conditional: false)
                    } catch {
                        state = try await writeBack(second, into: state)
                        throw error
                    }
                    second.stamps = try await freshStamps(second)
                    state = try await writeBack(second, into: state)
                }
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

    func plannedItem(level: Int, record: JSON, options: SyncOptions) -> TreeItem {
        let object = levels[level].object
        var record = record
        // A record stored without its type (not through createLocally) is still of its level's type.
        if record["attributes"]?["type"]?.stringValue == nil, case .object(var members) = record {
            members["attributes"] = ["type": .string(object.objectType)]
            record = .object(members)
        }
        var item = SyncUpItem(record: record, target: target.recordTarget(for: object), options: options)
        // A child is created under its parent even when the field lists leave the parent field out.
        if case .create(var fields) = item.action, let field = object.parentIdFieldName, fields[field] == nil, let parent = record[field] {
            fields[field] = parent
            item.action = .create(fields)
        }
        item.referenceId = "t\(level)e\(item.entryId)"
        return TreeItem(level: level, item: item, referenceId: item.referenceId)
    }

    /// The tree's soups, parents first, as the recovery of a killed run's creates reads them.
    func recoveredSoups(options: SyncOptions) -> [RecoveredSoup] {
        levels.indices.map { level in
            let object = levels[level].object
            let run = self
            return RecoveredSoup(
                soup: object.soupName, idField: object.idFieldName, parentField: object.parentIdFieldName,
                createFields: { record in
                    guard case .create(let fields) = run.plannedItem(level: level, record: record, options: options).item.action else {
                        return [:]
                    }
                    return fields
                })
        }
    }

    /// Keeps the group's creates as sent in the state, saved before they go, so that a run
    /// killed before their answers are saved does not make them twice.
    func recordSentCreates(of answer: TreeAnswer, in state: inout SyncState) async throws {
        var recorded = false
        for (index, planned) in answer.items.enumerated() where answer.skipped[index] == nil {
            if state.recordSentCreates([planned.item], soup: levels[planned.level].object.soupName) { recorded = true }
        }
        guard recorded else { return }
        let saved = state
        try await store.transaction { tx in try SyncStateStore.save(saved, tx) }
    }

    /// Reads the server's copy of each record the server refused as changed or gone, for its
    /// conflict, as a one-soup sync up keeps it.
    func keepConflictCopies(in answer: inout TreeAnswer) async throws {
        let answered = answer.items.enumerated().map { index, planned in
            (
                key: "\(planned.level)/\(planned.item.entryId)", item: planned.item, outcome: answer.outcomes[index],
                idField: levels[planned.level].object.idFieldName
            )
        }
        answer.conflictCopies.merge(try await ServerReads(client: client).conflictCopies(of: answered)) { $1 }
    }

    /// What the server has of the trees of `group`: the trees with a record the server changed
    /// or deleted since it came down, with a sentence saying which (LEAVE_IF_CHANGED leaves those
    /// trees alone, as the SDK does); the server's copy of each record with local changes in
    /// them (the conflict to resolve); and the server's copy of each clean record in them that
    /// changed (saved as sync down would, so that the next sync up is not left stuck by it).
    func serverChanges(in group: [TreeChanges.Tree]) async throws -> ServerCheck {
        let trees = RecordTrees(levels: levels)
        let roots = group.map(\.rootId)
        let local = try await store.transaction { tx in
            try roots.map { root in (root, try trees.records(ofTreeWithRoot: root, tx: tx)) }
        }
        var idsByLevel: [Int: [String]] = [:]
        for (_, records) in local {
            for (level, record) in records {
                let object = levels[level].object
                if let id = record[object.idFieldName]?.stringValue, !LocalID.isLocal(id) { idsByLevel[level, default: []].append(id) }
            }
        }
        var serverRecords: [Int: [String: JSON]] = [:]
        for (level, ids) in idsByLevel {
            let object = levels[level].object
            var fields = [object.idFieldName, object.modificationDateFieldName]
            for name in object.fieldlist + (object.createFieldlist ?? []) + (object.updateFieldlist ?? [])
                + [object.parentIdFieldName].compactMap({ $0 })
            where !fields.contains(where: { $0.lowercased() == name.lowercased() }) {
                fields.append(name)
            }
            let records = try await IdQuery.records(
                object.objectType, fields: fields, ids: Array(Set(ids)), idField: object.idFieldName, client: client)
            for record in records {
                if let id = record[object.idFieldName]?.stringValue { serverRecords[level, default: [:]][id] = record }
            }
        }
        var check = ServerCheck()
        for (root, records) in local {
            var changedHere: [(level: Int, record: JSON, server: JSON?)] = []
            for (level, record) in records {
                let object = levels[level].object
                guard let id = record[object.idFieldName]?.stringValue, !LocalID.isLocal(id) else { continue }
                guard let server = serverRecords[level]?[id] else {
                    check.messages[root] =
                        check.messages[root] ?? "Left alone: the \(object.objectType) \(id) of its tree was deleted on the server."
                    changedHere.append((level, record, nil))
                    continue
                }
                let serverStamp = baseStampMilliseconds(of: server, field: object.modificationDateFieldName) ?? 0
                if let mine = baseStampMilliseconds(of: record, field: object.modificationDateFieldName), serverStamp > mine {
                    check.messages[root] =
                        check.messages[root]
                        ?? "Left alone: the \(object.objectType) \(id) of its tree changed on the server since it was last synced."
                    changedHere.append((level, record, server))
                }
            }
            guard check.messages[root] != nil else { continue }
            for (level, record) in records {
                guard let entryId = record["_soupEntryId"]?.integerValue else { continue }
                let object = levels[level].object
                guard let id = record[object.idFieldName]?.stringValue, !LocalID.isLocal(id) else { continue }
                if RecordFlags(record).isDirty {
                    check.conflicts["\(level)/\(entryId)"] = serverRecords[level]?[id] ?? .null
                } else if changedHere.contains(where: { $0.level == level && $0.record["_soupEntryId"]?.integerValue == entryId }) {
                    check.refreshes.append((level, entryId, serverRecords[level]?[id]))
                }
            }
        }
        return check
    }
}

/// What LEAVE_IF_CHANGED's check found on the server for a group of trees.
struct ServerCheck: Sendable {
    /// The trees left alone, by root id, with why.
    var messages: [String: String] = [:]
    /// The server's copy (null when deleted) of each record with local changes in those trees, by `level/entryId`.
    var conflicts: [String: JSON] = [:]
    /// Clean records of those trees that changed on the server, with the server's copy (nil when deleted).
    var refreshes: [(level: Int, entryId: Int64, server: JSON?)] = []
}
