import SalesforceCore
import SmartStore

/// Writing a group's outcomes back onto its records, in one transaction.
extension TreeSyncUpRun {
    /// Applies a group's outcomes to its records as they are now, with the state, in one transaction.
    func writeBack(_ answer: TreeAnswer, into state: SyncState) async throws -> SyncState {
        let (written, outcomes) = try await store.transaction { tx in
            var state = state
            var published: [RecordOutcome] = []
            var newIds: [String: String] = [:]
            var deletedParents = Set<String>()
            // Clean records that changed on the server take its copy, as sync down would save it;
            // one the app edited meanwhile keeps the edit.
            for refresh in answer.refreshes {
                let soup = levels[refresh.level].object.soupName
                guard let current = try tx.retrieve(usingSoupEntryIds: [refresh.entryId], fromSoupNamed: soup).first,
                    !RecordFlags(current).isDirty
                else { continue }
                guard case .object(let server)? = refresh.server else {
                    try tx.remove(entryIds: [refresh.entryId], forSoupNamed: soup)
                    continue
                }
                var flags = RecordFlags(current)
                for (key, value) in server { flags.members[key] = value }
                flags.clean()
                _ = try tx.update(entry: flags.record, soupEntryId: refresh.entryId, forSoupNamed: soup)
            }
            for (index, planned) in answer.items.enumerated() where !answer.handedOver.contains(index) {
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
                    if let copy = answer.conflictCopies["\(planned.level)/\(item.entryId)"] { flags.members[SyncField.conflict] = copy }
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
