import Foundation
import SalesforceCore
import SalesforceREST
import SmartStore

/// One run of a sync down: pages come from the target and each is saved, with the sync's
/// cursor and counts, in one store transaction, so that a stop, a failure or a killed process
/// leaves the soup and the state agreeing on what was saved.
package struct SyncDownRun: Sendable {
    let store: SmartStore
    let client: RestClient
    let target: any SyncDownTarget
    let report: SyncReporter
    let shouldStop: @Sendable () async -> Bool
    /// The soup the records go to: the sync's, or one object's of a tree.
    var soupName: String
    /// Where the run reads and saves its cursor in the state.
    var cursor: CursorSlot = .sync
    /// Under LEAVE_IF_CHANGED, what a record coming down is checked against; nil leaves alone
    /// the records that have local changes themselves.
    var localChanges: LocalChangeCheck?

    /// The records a run moved and whether it was stopped.
    struct Transfer {
        var state: SyncState
        var stopped: Bool
        var seen: Int
    }

    /// Runs `state` (already RUNNING and saved) to its end and returns the final state.
    func run(_ initial: SyncState) async -> SyncState {
        do {
            var transfer = try await self.transfer(initial, seenBefore: 0)
            if transfer.stopped { return await report.end(transfer.state, .stopped) }
            if transfer.state.totalSize < 0 { transfer.state.totalSize = 0 }
            return await report.end(transfer.state, .done)
        } catch {
            var state = error.state
            state.error = SyncFailure.describe(error.error)
            return await report.end(state, .failed)
        }
    }

    /// A failed transfer: the state as saved before the failure, and why.
    struct Failure: Error {
        let state: SyncState
        let error: any Error
    }

    /// Fetches and saves every page after the slot's cursor. The total grows by what the
    /// server says this fetch brings, and progress counts from `seenBefore`, so that the
    /// objects of a tree add up in one state.
    /// - Throws: ``Failure``, with the state as last saved.
    func transfer(_ initial: SyncState, seenBefore: Int) async throws(Failure) -> Transfer {
        var state = initial
        let mergeMode = state.options.effectiveMergeMode
        let resumeFrom = cursor.read(from: state)
        var unorderedLatest: SyncCursor? = resumeFrom
        var seen = 0
        var counted = false
        let target = self.target
        let syncId = state.id
        do {
            let fetch = try await target.fetch(
                after: resumeFrom, context: SyncContext(client: client, store: store, soupName: soupName))
            let store = self.store
            let soupName = self.soupName
            @Sendable func nextPage() async throws -> PreparedPage? {
                guard let page = try await fetch.nextPage() else { return nil }
                return try await PreparedPage(page, target: target, syncId: syncId, store: store, soupName: soupName)
            }
            // Pages are fetched and prepared (down to their entries' JSON text) while earlier ones
            // are written, up to a few pages ahead: the network, the parsing and the disk overlap
            // without waiting for each other page by page, and the writer saves every page that
            // is waiting in one transaction. Pages fetched before a failure are saved before the
            // run fails.
            let buffer = PageBuffer<PreparedPage>(capacity: Self.pagesAhead)
            // The run's pages are one series of upserts: into an empty soup, records are known to be
            // new without a lookup each (the first sync of a large org).
            let series = UpsertSeries()
            let stopped = try await withThrowingTaskGroup(of: Void.self) { group -> Bool in
                group.addTask { await buffer.fill(from: nextPage) }
                defer { group.cancelAll() }
                do {
                    while let pages = try await buffer.takeAll() {
                        if await shouldStop() {
                            await buffer.close()
                            return true
                        }
                        if !counted, let first = pages.first {
                            counted = true
                            state.totalSize = max(state.totalSize, 0) + first.totalSize
                        }
                        state.totalSize = max(0, state.totalSize - pages.reduce(0) { $0 + $1.alreadyStored })
                        await report.update(state)
                        let saved = try await save(pages, into: state, mergeMode: mergeMode, series: series)
                        state = saved.state
                        report.publish(saved.outcomes)
                        for page in pages {
                            seen += page.count
                            if !target.isOrderedByCursor, let latest = page.latest, unorderedLatest.map({ $0.precedes(latest) }) ?? true {
                                unorderedLatest = latest
                            }
                        }
                        state.progress = state.totalSize > 0 ? min(99, (seenBefore + seen) * 100 / state.totalSize) : 0
                        await report.update(state)
                    }
                } catch {
                    await buffer.close()
                    throw error
                }
                return false
            }
            if stopped { return Transfer(state: state, stopped: true, seen: seen) }
            if !target.isOrderedByCursor, let latest = unorderedLatest {
                cursor.write(SyncCursor(stamp: latest.stamp, id: nil), to: &state)
            }
            if !counted { state.totalSize = max(state.totalSize, 0) }
            return Transfer(state: state, stopped: false, seen: seen)
        } catch {
            throw Failure(state: state, error: error)
        }
    }

    /// How many pages the fetcher may run ahead of the writer.
    package static let pagesAhead = 3

    /// Saves pages and the state after them in one transaction.
    private func save(_ pages: [PreparedPage], into state: SyncState, mergeMode: MergeMode, series: UpsertSeries) async throws -> (
        state: SyncState, outcomes: [RecordOutcome]
    ) {
        let idField = target.idFieldName
        let ordered = target.isOrderedByCursor
        let soupName = self.soupName
        let cursor = self.cursor
        let localChanges = self.localChanges ?? .ownFlags(soupName: soupName, idField: idField)
        return try await store.transaction { tx in
            var state = state
            var outcomes: [RecordOutcome] = []
            let isChangedLocally = mergeMode == .leaveIfChanged ? try localChanges.checker(tx) : nil
            for page in pages {
                try Self.save(
                    page, into: &state, outcomes: &outcomes,
                    context: PageSave(
                        tx: tx, soupName: soupName, idField: idField, ordered: ordered, cursor: cursor,
                        isChangedLocally: isChangedLocally, series: series))
            }
            try SyncStateStore.save(state, tx)
            return (state, outcomes)
        }
    }

    /// One page's deletes and records, and the cursor after it, inside the transaction.
    private static func save(
        _ page: PreparedPage, into state: inout SyncState, outcomes: inout [RecordOutcome], context: PageSave
    ) throws {
        let (tx, soupName, idField) = (context.tx, context.soupName, context.idField)
        for id in page.deleted {
            guard let entryId = try tx.lookupSoupEntryId(inSoup: soupName, fieldPath: idField, fieldValue: .string(id)) else {
                continue
            }
            // Whether the record is dirty is read here, inside the transaction, not once
            // before the run: an edit made while the sync ran is never lost.
            if let isChangedLocally = context.isChangedLocally, try isChangedLocally(id, nil) {
                state.recordsConflicted += 1
                outcomes.append(
                    RecordOutcome(
                        syncId: state.id, soupEntryId: entryId, id: id, kind: .conflicted,
                        message: "Deleted on the server, changed on the device: kept."))
                continue
            }
            try tx.remove(entryIds: [entryId], inSoup: soupName)
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
        if let isChangedLocally = context.isChangedLocally {
            let kept = try page.records.indices.filter { position in
                let record = page.records[position]
                guard let id = record[idField]?.stringValue, try isChangedLocally(id, record) else { return true }
                let entryId = try tx.lookupSoupEntryId(inSoup: soupName, fieldPath: idField, fieldValue: .string(id))
                state.recordsConflicted += 1
                outcomes.append(
                    RecordOutcome(
                        syncId: state.id, soupEntryId: entryId, id: id, kind: .conflicted,
                        message: "Changed on the server and on the device: kept."))
                return false
            }
            toSave = toSave.subset(kept)
        }
        try tx.upsert(toSave, withExternalIdPath: idField, in: context.series)
        state.recordsSynced += toSave.count
        if context.ordered, let latest = page.latest { context.cursor.write(latest, to: &state) }
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
    let alreadyStored: Int

    init(_ page: SyncDownPage, target: any SyncDownTarget, syncId: Int64, store: SmartStore, soupName: String) async throws {
        totalSize = page.totalSize
        alreadyStored = page.alreadyStored
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
        let readsEachRecord = !ordered && page.isInCursorOrder
        if !page.isInCursorOrder {
            advance(page.cursorAfter)
        } else if ordered, let last = page.records.last {
            advance(target.cursor(of: last))
        }
        // Records are stored as the server sent them, the flags added after their own fields;
        // one with fields named like the bookkeeping (no Salesforce field is) is cleaned first.
        var texts: [Data?] = []
        texts.reserveCapacity(page.records.count)
        // A page whose records an app's target replaced, without their texts, is written out again.
        let received = page.texts.count == page.records.count ? page.texts : []
        for (position, record) in page.records.enumerated() {
            if readsEachRecord { advance(target.cursor(of: record)) }
            guard let id = record[idField], !id.isNull else {
                withoutId += 1
                continue
            }
            guard RecordFlags.hasBookkeeping(record) else {
                records.append(record)
                texts.append(position < received.count ? received[position] : nil)
                continue
            }
            var flags = RecordFlags(record)
            flags.clean(syncId: syncId)
            records.append(flags.record)
            texts.append(nil)
        }
        self.records = records
        self.latest = latest
        entries = try await store.prepare(
            entries: records, texts: texts, adding: RecordFlags.cleanFields(syncId: syncId), inSoup: soupName)
    }
}

/// What saving a page inside its transaction works with.
private struct PageSave {
    let tx: StoreTransaction
    let soupName: String
    let idField: String
    let ordered: Bool
    let cursor: CursorSlot
    /// Under LEAVE_IF_CHANGED, whether the record with this id (and the server's copy, nil for
    /// a delete) must be left alone; nil under OVERWRITE.
    let isChangedLocally: LocalChangeCheck.Checker?
    /// The run's upserts.
    let series: UpsertSeries
}
