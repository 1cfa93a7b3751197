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
                // Under OVERWRITE, records deleted on the server are made again, as the SDK does.
                let again =
                    state.options.effectiveMergeMode == .overwrite ? try await recreation(after: &answer, options: state.options) : nil
                answer.stamps = try await freshStamps(answer)
                state = try await writeBack(answer, into: state)
                if var second = again {
                    do {
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
}
