import Foundation
import SalesforceCore
import SalesforceREST
import SmartStore

/// One run of a sync up: dirty records are read 200 at a time in entry-id order, sent, and
/// written back in one transaction per batch.
///
/// The write-back starts from the record as it is then, not the copy read before the network
/// call: when the app edited it meanwhile, its edit stays and the record stays dirty (it gets
/// only the server id and the new base). After a write the record's stamp is the server's new
/// one, so the app's own write is never taken for someone else's change.
struct SyncUpRun: Sendable {
    let store: SmartStore
    let client: RestClient
    let target: SyncUpTarget
    /// The app's writer, for a custom target.
    let custom: (any CustomSyncUpTarget)?
    let report: SyncReporter
    let shouldStop: @Sendable () async -> Bool
    static let readSize = 200

    func run(_ initial: SyncState) async -> SyncState {
        var state = initial
        let sender = SyncUpSender(
            client: client, target: target, conditional: state.options.effectiveMergeMode == .leaveIfChanged, custom: custom)
        // The batch the server answered last: its stamps are read and it is written back while
        // the next one is on the network, so the server's readers, its writer and the store's
        // writer work at the same time.
        var answered: AnsweredBatch?
        var done = 0
        func apply(_ written: (state: SyncState, outcomes: [RecordOutcome]), of batch: AnsweredBatch) async {
            state = written.state
            report.publish(written.outcomes)
            done += batch.items.count
            state.progress = state.totalSize > 0 ? min(99, done * 100 / state.totalSize) : 0
            await report.update(state)
        }
        /// Writes back the batch still waiting, before the run ends.
        func writeBackAnswered() async throws {
            guard let batch = answered else { return }
            answered = nil
            await apply(try await writeBack(try await completed(batch), into: state), of: batch)
        }
        do {
            let (target, options) = (target, state.options)
            state = try await SentCreateRecovery.reconcile(
                state,
                soups: [
                    RecoveredSoup(
                        soup: state.soupName, idField: target.idFieldName, parentField: nil,
                        createFields: { SyncUpItem.createFields(of: $0, target: target, options: options) })
                ], store: store, client: client)
            state.totalSize = try await dirtyCount(soup: state.soupName)
            await report.update(state)
            var after: Int64 = 0
            // The next batch, read while this one is on the network.
            var prefetched: [JSON]?
            while true {
                if await shouldStop() {
                    try await writeBackAnswered()
                    return await report.end(state, .stopped)
                }
                let records: [JSON]
                if let prefetched {
                    records = prefetched
                } else {
                    records = try await dirtyRecords(soup: state.soupName, after: after)
                }
                guard let last = records.last?["_soupEntryId"]?.integerValue else { break }
                after = last
                let items = records.map { SyncUpItem(record: $0, target: target, options: state.options) }
                try await recordSentCreates(items, in: &state)
                let previous = answered
                let before = state
                let (soup, options) = (state.soupName, state.options)
                answered = nil
                // Neither child throws, so a failure of one never cancels the other halfway.
                async let flushed = Self.outcome { () async throws -> (state: SyncState, outcomes: [RecordOutcome])? in
                    guard let previous else { return nil }
                    return try await writeBack(try await completed(previous), into: before)
                }
                async let nextRead = Self.outcome { [after] in try await dirtyRecords(soup: soup, after: after) }
                var answer = await self.send(items, sender: sender)
                if let written = try await flushed.get(), let previous { await apply(written, of: previous) }
                prefetched = try await nextRead.get()
                // Under OVERWRITE, a record deleted on the server is created again, as the SDK does
                // (LEAVE_IF_CHANGED reports the conflict). Those creates are recorded as sent first,
                // as every create is, so a run killed before their answer does not make them twice.
                if case .success(let batch) = answer, options.effectiveMergeMode == .overwrite {
                    let again = batch.recreations(target: target, options: options)
                    if !again.isEmpty {
                        try await recordSentCreates(again, in: &state)
                        answer = await self.sendAgain(again, in: batch, sender: sender)
                    }
                }
                switch answer {
                case .success(let batch):
                    answered = batch
                case .failure(let unanswered):
                    // What the server already took is written back before the run fails, so the
                    // re-sync does not send it again.
                    if let taken = unanswered.taken {
                        let written = try await writeBack(await completedIfPossible(taken), into: state)
                        state = written.state
                        report.publish(written.outcomes)
                    }
                    throw unanswered.error
                }
            }
            try await writeBackAnswered()
            return await report.end(state, .done)
        } catch {
            state.error = SyncFailure.describe(error)
            return await report.end(state, .failed)
        }
    }

    /// Sends a batch's writes and returns each record's outcome.
    private func send(_ items: [SyncUpItem], sender: SyncUpSender) async -> Result<AnsweredBatch, UnansweredBatch> {
        do {
            return .success(AnsweredBatch(items: items, outcomes: try await sender.send(items)))
        } catch {
            let sent = items.filter { error.outcomes[$0.entryId] != nil }
            return .failure(UnansweredBatch(taken: AnsweredBatch(items: sent, outcomes: error.outcomes), error: error.failure))
        }
    }

    /// Sends the creates of records the server deleted, and returns the batch with their outcomes.
    private func sendAgain(_ again: [SyncUpItem], in batch: AnsweredBatch, sender: SyncUpSender) async -> Result<
        AnsweredBatch, UnansweredBatch
    > {
        var batch = batch
        for item in again {
            if let index = batch.items.firstIndex(where: { $0.entryId == item.entryId }) { batch.items[index] = item }
        }
        do {
            batch.outcomes.merge(try await sender.send(again)) { $1 }
            return .success(batch)
        } catch {
            // A create whose answer is missing has no outcome: its record is not written back,
            // and its sent create stays recorded for the next run to find.
            for item in again { batch.outcomes[item.entryId] = nil }
            batch.outcomes.merge(error.outcomes) { $1 }
            let taken = AnsweredBatch(items: batch.items.filter { batch.outcomes[$0.entryId] != nil }, outcomes: batch.outcomes)
            return .failure(UnansweredBatch(taken: taken, error: error.failure))
        }
    }

    /// The batch with what its write-back reads from the server: the new stamps of the records
    /// written and, for conflicts, the server's copies.
    private func completed(_ batch: AnsweredBatch) async throws -> AnsweredBatch {
        var batch = batch
        batch.stamps = try await freshStamps(batch.items, batch.outcomes)
        batch.servers = try await serverCopies(batch.items, batch.outcomes)
        return batch
    }

    /// The batch completed as far as the server still answers: what a failing run writes back.
    private func completedIfPossible(_ batch: AnsweredBatch) async -> AnsweredBatch {
        var batch = batch
        batch.stamps = (try? await freshStamps(batch.items, batch.outcomes)) ?? [:]
        batch.servers = (try? await serverCopies(batch.items, batch.outcomes)) ?? [:]
        return batch
    }

    /// Saves the batch's creates in the state before they are sent: should their answers be
    /// lost, the next run finds the records they made instead of creating them twice.
    private func recordSentCreates(_ items: [SyncUpItem], in state: inout SyncState) async throws {
        guard state.recordSentCreates(items, soup: state.soupName) else { return }
        let saved = state
        try await store.transaction { tx in try SyncStateStore.save(saved, tx) }
    }

    private static func outcome<T>(_ body: () async throws -> T) async -> Result<T, any Error> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }

    private func dirtyCount(soup: String) async throws -> Int {
        try await store.count(using: .buildExactQuerySpec(soupName: soup, path: SyncField.local, matchKey: "true"))
    }

    private func dirtyRecords(soup: String, after: Int64) async throws -> [JSON] {
        let sql =
            "SELECT {\(soup):_soup} FROM {\(soup)} WHERE {\(soup):\(SyncField.local)} = 'true' AND {\(soup):_soupEntryId} > ? "
            + "ORDER BY {\(soup):_soupEntryId}"
        let rows = try await store.query(using: .buildSmartQuerySpec(smartSQL: sql, pageSize: Self.readSize), arguments: [.integer(after)])
        return rows.compactMap { $0[0] }
    }

    /// The server's new stamps of the records written, one query per object type.
    private func freshStamps(_ items: [SyncUpItem], _ outcomes: [Int64: SyncUpOutcome]) async throws -> [String: JSON] {
        let ids = ServerReads.writtenIds(items.map { ($0, outcomes[$0.entryId]) })
        if let custom {
            return try await CustomTargetWriter(target: custom, settings: target, client: client, conditional: false).modificationDates(
                of: ids)
        }
        return try await ServerReads(client: client).stamps(
            of: ids, idField: target.idFieldName, stampField: target.modificationDateFieldName)
    }

    /// The server's copy of each conflicted record (null when the server deleted it).
    private func serverCopies(_ items: [SyncUpItem], _ outcomes: [Int64: SyncUpOutcome]) async throws -> [Int64: JSON] {
        try await ServerReads(client: client).conflictCopies(
            of: items.map { (key: $0.entryId, item: $0, outcome: outcomes[$0.entryId], idField: target.idFieldName) })
    }

    /// Applies the outcomes to the records as they are now, with the state, in one transaction.
    private func writeBack(_ batch: AnsweredBatch, into state: SyncState) async throws -> (state: SyncState, outcomes: [RecordOutcome]) {
        let writeBack = SyncUpWriteBack(idField: target.idFieldName, stampField: target.modificationDateFieldName)
        let (items, outcomes, stamps, servers) = (batch.items, batch.outcomes, batch.stamps, batch.servers)
        return try await store.transaction { tx in
            var state = state
            var published: [RecordOutcome] = []
            let soup = state.soupName
            var currentRecords: [Int64: JSON] = [:]
            // Written together after the loop: one writer for the batch instead of one per record.
            var updated: [JSON] = []
            var removed: [Int64] = []
            for record in try tx.retrieve(usingSoupEntryIds: items.map(\.entryId), inSoup: soup) {
                if let entryId = record["_soupEntryId"]?.integerValue { currentRecords[entryId] = record }
            }
            for item in items {
                state.sentCreates[SentCreate.Key(soup: soup, entryId: item.entryId)] = nil
                guard let current = currentRecords[item.entryId] else { continue }
                let verdict = SyncUpVerdict(action: item.action, outcome: outcomes[item.entryId], serverCopy: servers[item.entryId])
                let (change, outcome) = writeBack.apply(verdict, to: item, current: current, stamps: stamps, state: &state)
                published.append(outcome)
                switch change {
                case .save(let record): updated.append(record)
                case .remove: removed.append(item.entryId)
                }
            }
            // Entries read in this transaction: upserting by _soupEntryId updates each of them.
            try tx.upsert(entries: updated, inSoup: soup)
            try tx.remove(entryIds: removed, inSoup: soup)
            try SyncStateStore.save(state, tx)
            return (state, published)
        }
    }
}

/// A batch the server answered: what its write-back needs.
private struct AnsweredBatch: Sendable {
    var items: [SyncUpItem]
    var outcomes: [Int64: SyncUpOutcome]
    var stamps: [String: JSON] = [:]
    var servers: [Int64: JSON] = [:]

    /// The records the server no longer has, as creates: what OVERWRITE sends again.
    func recreations(target: SyncUpTarget, options: SyncOptions) -> [SyncUpItem] {
        items.compactMap { item in
            guard case .notFound = outcomes[item.entryId] else { return nil }
            var again = item
            again.action = .create(SyncUpItem.createFields(of: item.read, target: target, options: options))
            return again
        }
    }
}

/// A batch that failed: what of it the server took (written back before the run fails) and why.
private struct UnansweredBatch: Error {
    let taken: AnsweredBatch?
    let error: any Error
}
