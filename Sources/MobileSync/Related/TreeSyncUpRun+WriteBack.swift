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
                guard let current = try tx.retrieve(usingSoupEntryIds: [refresh.entryId], inSoup: soup).first,
                    !RecordFlags(current).isDirty
                else { continue }
                guard case .object(let server)? = refresh.server else {
                    try tx.remove(entryIds: [refresh.entryId], inSoup: soup)
                    continue
                }
                var flags = RecordFlags(current)
                for (key, value) in server { flags.members[key] = value }
                flags.clean()
                _ = try tx.update(entry: flags.record, soupEntryId: refresh.entryId, inSoup: soup)
            }
            for (index, planned) in answer.items.enumerated() where !answer.handedOver.contains(index) {
                let object = levels[planned.level].object
                let item = planned.item
                let soup = object.soupName
                if answer.isUnanswered(index) {
                    // Sent, or about to be, when the run failed: the next run finds what the server made of it.
                    continue
                }
                state.sentCreates[SentCreate.Key(soup: soup, entryId: item.entryId)] = nil
                guard var current = try tx.retrieve(usingSoupEntryIds: [item.entryId], inSoup: soup).first else { continue }
                // A child of a parent created just now points to the parent's new id.
                if let field = object.parentIdFieldName, let parentLevel = levels[planned.level].parent,
                    let parentId = current[field]?.stringValue, let newId = newIds["\(parentLevel)/\(parentId)"],
                    case .object(var members) = current
                {
                    members[field] = .string(newId)
                    current = .object(members)
                }
                let verdict = self.verdict(on: index, of: answer, deletedParents: deletedParents)
                if case .created(let id) = verdict, let localId = item.read[object.idFieldName]?.stringValue {
                    newIds["\(planned.level)/\(localId)"] = id
                }
                let writeBack = SyncUpWriteBack(idField: object.idFieldName, stampField: object.modificationDateFieldName)
                let (change, outcome) = writeBack.apply(verdict, to: item, current: current, stamps: answer.stamps, state: &state)
                published.append(outcome)
                switch change {
                case .save(let record):
                    _ = try tx.update(entry: record, soupEntryId: item.entryId, inSoup: soup)
                case .remove:
                    if case .deleted = verdict, let id = item.read[object.idFieldName]?.stringValue {
                        deletedParents.insert("\(planned.level)/\(id)")
                        try removeMasterDetailChildren(of: planned.level, id: id, tx: tx)
                    }
                    try tx.remove(entryIds: [item.entryId], inSoup: soup)
                }
            }
            try SyncStateStore.save(state, tx)
            return (state, published)
        }
        report.publish(outcomes)
        return written
    }

    /// What the group settled for its item at `index`: left alone with its tree, not sent, gone
    /// with its master record, or the server's answer.
    private func verdict(on index: Int, of answer: TreeAnswer, deletedParents: Set<String>) -> SyncUpVerdict {
        let planned = answer.items[index]
        if let message = answer.skipped[index] {
            return .conflict(server: answer.conflictCopies["\(planned.level)/\(planned.item.entryId)"] ?? .null, message: message)
        }
        if let message = answer.notSent[index] { return .failed(message) }
        if let parent = answer.withParentDelete[index] {
            return deletedParents.contains(parent) ? .deleted : .failed("Not sent: its master record's delete did not go through.")
        }
        return SyncUpVerdict(
            action: planned.item.action, outcome: answer.outcomes[index],
            serverCopy: answer.conflictCopies["\(planned.level)/\(planned.item.entryId)"])
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
                if let entryId = child["_soupEntryId"]?.integerValue { try tx.remove(entryIds: [entryId], inSoup: object.soupName) }
            }
        }
    }
}
