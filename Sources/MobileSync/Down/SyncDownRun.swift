import Foundation
import SalesforceCore
import SalesforceREST
import SmartStore

/// One run of a sync down: pages come from the target and each is saved, with the sync's
/// cursor and counts, in one store transaction, so that a stop, a failure or a killed process
/// leaves the soup and the state agreeing on what was saved.
struct SyncDownRun: Sendable {
    let store: SmartStore
    let client: RestClient
    let target: any SyncDownTarget
    let report: SyncReporter
    let shouldStop: @Sendable () async -> Bool

    /// Runs `state` (already RUNNING and saved) to its end and returns the final state.
    func run(_ initial: SyncState) async -> SyncState {
        var state = initial
        let mergeMode = state.options.effectiveMergeMode
        let resumeFrom = state.maxTimeStamp >= 0 ? SyncCursor(stamp: state.maxTimeStamp, id: state.cursorId) : nil
        var unorderedLatest: SyncCursor? = resumeFrom
        var seen = 0
        do {
            let fetch = try await target.fetch(
                after: resumeFrom, context: SyncContext(client: client, store: store, soupName: state.soupName))
            var next = try await fetch.nextPage()
            while let page = next {
                if await shouldStop() { return await report.end(state, .stopped) }
                if state.totalSize < 0 {
                    state.totalSize = page.totalSize
                    await report.update(state)
                }
                // Ask for the next page while this one is written: the network and the disk overlap.
                async let following = fetch.nextPage()
                let saved = try await save(page, into: state, mergeMode: mergeMode)
                state = saved.state
                report.publish(saved.outcomes)
                seen += page.records.count + page.deleted.count
                if !target.isOrderedByCursor, let latest = saved.latest, unorderedLatest.map({ $0.precedes(latest) }) ?? true {
                    unorderedLatest = latest
                }
                state.progress = state.totalSize > 0 ? min(99, seen * 100 / state.totalSize) : 0
                await report.update(state)
                next = try await following
            }
            if !target.isOrderedByCursor, let latest = unorderedLatest {
                state.maxTimeStamp = latest.stamp
                state.cursorId = nil
            }
            if state.totalSize < 0 { state.totalSize = 0 }
            return await report.end(state, .done)
        } catch {
            state.error = SyncFailure.describe(error)
            return await report.end(state, .failed)
        }
    }

    /// Saves one page and the state after it in one transaction.
    private func save(_ page: SyncDownPage, into state: SyncState, mergeMode: MergeMode) async throws -> (
        state: SyncState, latest: SyncCursor?, outcomes: [RecordOutcome]
    ) {
        let target = self.target
        return try await store.transaction { tx in
            var state = state
            var latest: SyncCursor?
            var outcomes: [RecordOutcome] = []
            func advance(_ cursor: SyncCursor?) {
                guard let cursor else { return }
                if latest.map({ $0.precedes(cursor) }) ?? true { latest = cursor }
            }
            let idField = target.idFieldName
            for (id, cursor) in page.deleted {
                advance(cursor)
                guard let entryId = try tx.lookupSoupEntryId(soupNamed: state.soupName, fieldPath: idField, fieldValue: .string(id)) else {
                    continue
                }
                // Whether the record is dirty is read here, inside the transaction, not once
                // before the run: an edit made while the sync ran is never lost.
                let local = try tx.retrieve(usingSoupEntryIds: [entryId], fromSoupNamed: state.soupName).first
                if mergeMode == .leaveIfChanged, let local, RecordFlags(local).isDirty {
                    state.recordsConflicted += 1
                    outcomes.append(
                        RecordOutcome(
                            syncId: state.id, soupEntryId: entryId, id: id, kind: .conflicted,
                            message: "Deleted on the server, changed on the device: kept."))
                    continue
                }
                try tx.remove(entryIds: [entryId], forSoupNamed: state.soupName)
                state.recordsSynced += 1
            }
            var toSave: [JSON] = []
            for record in page.records {
                advance(target.cursor(of: record))
                guard let id = record[idField], !id.isNull else {
                    state.recordsFailed += 1
                    outcomes.append(
                        RecordOutcome(
                            syncId: state.id, soupEntryId: nil, id: nil, kind: .failed,
                            message: "The server sent a record with no \(idField)."))
                    continue
                }
                if mergeMode == .leaveIfChanged,
                    let entryId = try tx.lookupSoupEntryId(soupNamed: state.soupName, fieldPath: idField, fieldValue: id),
                    let local = try tx.retrieve(usingSoupEntryIds: [entryId], fromSoupNamed: state.soupName).first,
                    RecordFlags(local).isDirty
                {
                    state.recordsConflicted += 1
                    outcomes.append(
                        RecordOutcome(
                            syncId: state.id, soupEntryId: entryId, id: id.stringValue, kind: .conflicted,
                            message: "Changed on the server and on the device: kept."))
                    continue
                }
                var flags = RecordFlags(record)
                flags.clean(syncId: state.id)
                toSave.append(flags.record)
            }
            try tx.upsert(entries: toSave, forSoupNamed: state.soupName, withExternalIdPath: idField)
            state.recordsSynced += toSave.count
            if target.isOrderedByCursor, let latest {
                state.maxTimeStamp = latest.stamp
                state.cursorId = latest.id
            }
            try SyncStateStore.save(state, tx)
            return (state, latest, outcomes)
        }
    }
}
