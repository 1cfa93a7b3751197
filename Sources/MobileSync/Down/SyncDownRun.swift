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
        let target = self.target
        let syncId = state.id
        do {
            let fetch = try await target.fetch(
                after: resumeFrom, context: SyncContext(client: client, store: store, soupName: state.soupName))
            let store = self.store
            let soupName = state.soupName
            @Sendable func nextPage() async throws -> PreparedPage? {
                guard let page = try await fetch.nextPage() else { return nil }
                return try await PreparedPage(page, target: target, syncId: syncId, store: store, soupName: soupName)
            }
            var next = try await nextPage()
            while let page = next {
                if await shouldStop() { return await report.end(state, .stopped) }
                if state.totalSize < 0 {
                    state.totalSize = page.totalSize
                    await report.update(state)
                }
                // The next page is fetched and prepared (down to its entries' JSON text) while this
                // one is written: the network, the parsing and the disk overlap, and the store's
                // writer does only the writing.
                async let following = nextPage()
                let saved = try await save(page, into: state, mergeMode: mergeMode)
                state = saved.state
                report.publish(saved.outcomes)
                seen += page.count
                if !target.isOrderedByCursor, let latest = page.latest, unorderedLatest.map({ $0.precedes(latest) }) ?? true {
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
    private func save(_ page: PreparedPage, into state: SyncState, mergeMode: MergeMode) async throws -> (
        state: SyncState, outcomes: [RecordOutcome]
    ) {
        let idField = target.idFieldName
        let ordered = target.isOrderedByCursor
        return try await store.transaction { tx in
            var state = state
            var outcomes: [RecordOutcome] = []
            for id in page.deleted {
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
            for _ in 0..<page.withoutId {
                state.recordsFailed += 1
                outcomes.append(
                    RecordOutcome(
                        syncId: state.id, soupEntryId: nil, id: nil, kind: .failed, message: "The server sent a record with no \(idField).")
                )
            }
            var toSave = page.entries
            if mergeMode == .leaveIfChanged {
                let kept = try page.records.indices.filter { position in
                    let record = page.records[position]
                    guard let id = record[idField],
                        let entryId = try tx.lookupSoupEntryId(soupNamed: state.soupName, fieldPath: idField, fieldValue: id),
                        let local = try tx.retrieve(usingSoupEntryIds: [entryId], fromSoupNamed: state.soupName).first,
                        RecordFlags(local).isDirty
                    else { return true }
                    state.recordsConflicted += 1
                    outcomes.append(
                        RecordOutcome(
                            syncId: state.id, soupEntryId: entryId, id: id.stringValue, kind: .conflicted,
                            message: "Changed on the server and on the device: kept."))
                    return false
                }
                toSave = toSave.subset(kept)
            }
            try tx.upsert(toSave, withExternalIdPath: idField)
            state.recordsSynced += toSave.count
            if ordered, let latest = page.latest {
                state.maxTimeStamp = latest.stamp
                state.cursorId = latest.id
            }
            try SyncStateStore.save(state, tx)
            return (state, outcomes)
        }
    }
}

/// A page made ready to save outside the store's transaction: records cleaned and stamped with
/// the sync, the deletes' ids, and the furthest cursor the page reaches.
struct PreparedPage: Sendable {
    var records: [JSON] = []
    /// The records made ready for the store, before the page's transaction.
    var entries: PreparedEntries
    var deleted: [String] = []
    var withoutId = 0
    var latest: SyncCursor?
    let totalSize: Int
    let count: Int

    init(_ page: SyncDownPage, target: any SyncDownTarget, syncId: Int64, store: SmartStore, soupName: String) async throws {
        totalSize = page.totalSize
        count = page.records.count + page.deleted.count
        var records: [JSON] = []
        var latest: SyncCursor?
        records.reserveCapacity(page.records.count)
        func advance(_ cursor: SyncCursor?) {
            guard let cursor else { return }
            if latest.map({ $0.precedes(cursor) }) ?? true { latest = cursor }
        }
        for (id, cursor) in page.deleted {
            advance(cursor)
            deleted.append(id)
        }
        let idField = target.idFieldName
        // A page in cursor order ends at its furthest record: reading every record's date (one
        // per record, the largest cost of preparing a page) is only needed when the order is another.
        let ordered = target.isOrderedByCursor
        if ordered, let last = page.records.last { advance(target.cursor(of: last)) }
        for record in page.records {
            if !ordered { advance(target.cursor(of: record)) }
            guard let id = record[idField], !id.isNull else {
                withoutId += 1
                continue
            }
            var flags = RecordFlags(record, extraCapacity: 12)
            flags.clean(syncId: syncId)
            records.append(flags.record)
        }
        self.records = records
        self.latest = latest
        entries = try await store.prepare(entries: records, forSoupNamed: soupName)
    }
}
