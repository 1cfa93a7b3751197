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
    let report: SyncReporter
    let shouldStop: @Sendable () async -> Bool
    static let readSize = 200

    func run(_ initial: SyncState) async -> SyncState {
        var state = initial
        let sender = SyncUpSender(client: client, target: target, conditional: state.options.effectiveMergeMode == .leaveIfChanged)
        // The batch the server answered last, written back while the next one is on the network:
        // the store's writer and the server work at the same time.
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
            await apply(try await writeBack(batch, into: state), of: batch)
        }
        do {
            state = try await reconcile(state)
            state.totalSize = try await dirtyCount(soup: state.soupName)
            await report.update(state)
            var after: Int64 = 0
            while true {
                if await shouldStop() {
                    try await writeBackAnswered()
                    return await report.end(state, .stopped)
                }
                let records = try await dirtyRecords(soup: state.soupName, after: after)
                guard let last = records.last?["_soupEntryId"]?.integerValue else { break }
                after = last
                let items = records.map { SyncUpItem(record: $0, target: target, options: state.options) }
                try await recordSentCreates(items, in: &state)
                let previous = answered
                let before = state
                answered = nil
                // Neither child throws, so a failure of one never cancels the other halfway.
                async let flushed = Self.outcome { () async throws -> (state: SyncState, outcomes: [RecordOutcome])? in
                    guard let previous else { return nil }
                    return try await writeBack(previous, into: before)
                }
                let answer = await self.answer(items, sender: sender, options: state.options)
                if let written = try await flushed.get(), let previous { await apply(written, of: previous) }
                switch answer {
                case .success(let batch):
                    answered = batch
                case .failure(let unanswered):
                    // What the server already took is written back before the run fails, so the
                    // re-sync does not send it again.
                    if let taken = unanswered.taken {
                        let written = try await writeBack(taken, into: state)
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

    /// Sends a batch and gathers what its write-back needs: the outcomes, the server's new stamps
    /// and, for conflicts, the server's copies.
    private func answer(_ items: [SyncUpItem], sender: SyncUpSender, options: SyncOptions) async -> Result<AnsweredBatch, UnansweredBatch> {
        var items = items
        var outcomes: [Int64: SyncUpOutcome]
        do {
            outcomes = try await sender.send(items)
        } catch {
            let sent = items.filter { error.outcomes[$0.entryId] != nil }
            let stamps = (try? await freshStamps(sent, error.outcomes)) ?? [:]
            return .failure(
                UnansweredBatch(taken: AnsweredBatch(items: sent, outcomes: error.outcomes, stamps: stamps), error: error.failure))
        }
        // A record deleted on the server: OVERWRITE creates it again, as the SDK does;
        // LEAVE_IF_CHANGED reports the conflict.
        if options.effectiveMergeMode == .overwrite {
            var again: [SyncUpItem] = []
            for index in items.indices {
                guard case .notFound = outcomes[items[index].entryId] else { continue }
                items[index].action = .create(SyncUpItem.createFields(of: items[index].read, target: target, options: options))
                again.append(items[index])
            }
            if !again.isEmpty {
                do {
                    outcomes.merge(try await sender.send(again)) { $1 }
                } catch {
                    outcomes.merge(error.outcomes) { $1 }
                    let taken = AnsweredBatch(items: items.filter { outcomes[$0.entryId] != nil }, outcomes: outcomes)
                    return .failure(UnansweredBatch(taken: taken, error: error.failure))
                }
            }
        }
        do {
            let stamps = try await freshStamps(items, outcomes)
            let servers = try await serverCopies(items, outcomes)
            return .success(AnsweredBatch(items: items, outcomes: outcomes, stamps: stamps, servers: servers))
        } catch {
            return .failure(UnansweredBatch(taken: nil, error: error))
        }
    }

    /// Saves the batch's creates in the state before they are sent: should their answers be
    /// lost, the next run finds the records they made instead of creating them twice.
    private func recordSentCreates(_ items: [SyncUpItem], in state: inout SyncState) async throws {
        let now = Int64((Date().timeIntervalSince1970 * 1000).rounded())
        var recorded = false
        for item in items {
            // An upsert by an external id is safe to send twice: it needs no record of its own.
            guard case .create(let fields) = item.action, target.externalId(of: fields) == nil else { continue }
            state.sentCreates[item.entryId] = SentCreate(objectType: item.objectType, fields: fields, sentAt: now)
            recorded = true
        }
        guard recorded else { return }
        let saved = state
        try await store.transaction { tx in try SyncStateStore.save(saved, tx) }
    }

    /// Links the creates an earlier run of any sync up of the soup sent, whose answers it never
    /// saved, to the records the server made for them, before anything is sent again; the
    /// others are sent as usual.
    private func reconcile(_ state: SyncState) async throws -> SyncState {
        let target = self.target
        let soup = state.soupName
        let waiting = try await store.transaction { tx in try SyncStateStore.statesWithSentCreates(ofSoup: soup, tx) }
        guard !waiting.isEmpty else { return state }
        let sentCreates = waiting.reduce(into: [Int64: SentCreate]()) { merged, earlier in
            merged.merge(earlier.sentCreates) { $0.sentAt >= $1.sentAt ? $0 : $1 }
        }
        let found = try await CreateReconciliation.serverIds(
            for: sentCreates, soup: soup, idField: target.idFieldName, store: store, client: client)
        return try await store.transaction { tx in
            var state = state
            var linked: [JSON] = []
            for record in try tx.retrieve(usingSoupEntryIds: Array(found.keys), fromSoupNamed: soup) {
                guard let entryId = record["_soupEntryId"]?.integerValue, let serverId = found[entryId], let sent = sentCreates[entryId]
                else { continue }
                var flags = RecordFlags(record)
                guard flags.isCreated, let localId = flags.members[target.idFieldName]?.stringValue, LocalID.isLocal(localId) else {
                    continue
                }
                flags.members[target.idFieldName] = .string(serverId)
                if flags.isDeleted {
                    // Deleted by the app meanwhile: the server's copy is deleted by this run.
                    flags.set(created: false)
                } else if SyncUpItem.createFields(of: flags.record, target: target, options: state.options) == sent.fields {
                    flags.clean()
                } else {
                    // Edited since it was sent: what the server has is the base of an update.
                    var base = sent.fields
                    base[target.idFieldName] = .string(serverId)
                    flags.members[SyncField.base] = .object(base)
                    flags.set(created: false, updated: true)
                }
                linked.append(flags.record)
                state.recordsReconciled += 1
            }
            try tx.upsert(entries: linked, forSoupNamed: soup)
            for var earlier in waiting where earlier.id != state.id {
                earlier.sentCreates = [:]
                try SyncStateStore.save(earlier, tx)
            }
            state.sentCreates = [:]
            try SyncStateStore.save(state, tx)
            return state
        }
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
        var idsByType: [String: [String]] = [:]
        for item in items {
            switch outcomes[item.entryId] {
            case .created(let id): idsByType[item.objectType, default: []].append(id)
            case .written:
                if case .update(let id, _) = item.action { idsByType[item.objectType, default: []].append(id) }
            default: break
            }
        }
        var stamps: [String: JSON] = [:]
        let idField = target.idFieldName
        let stampField = target.modificationDateFieldName
        for (type, ids) in idsByType {
            for record in try await IdQuery.records(type, fields: [idField, stampField], ids: ids, idField: idField, client: client) {
                if let id = record[idField]?.stringValue { stamps[id] = record[stampField] }
            }
        }
        return stamps
    }

    /// The server's copy of each conflicted record (nil when the server deleted it).
    private func serverCopies(_ items: [SyncUpItem], _ outcomes: [Int64: SyncUpOutcome]) async throws -> [Int64: JSON] {
        var copies: [Int64: JSON] = [:]
        for item in items {
            let conflicted: Bool
            switch outcomes[item.entryId] {
            case .conflict, .notFound: conflicted = true
            default: conflicted = false
            }
            guard conflicted, let id = item.read[target.idFieldName]?.stringValue else { continue }
            let answer: RestResponse
            do {
                answer = try await client.send(client.requests.retrieve(item.objectType, id: id))
            } catch {
                guard error.status == 404 else { throw error }
                copies[item.entryId] = .null
                continue
            }
            copies[item.entryId] = (try? JSON(parsing: answer.data)) ?? .null
        }
        return copies
    }

    /// Applies the outcomes to the records as they are now, with the state, in one transaction.
    private func writeBack(_ batch: AnsweredBatch, into state: SyncState) async throws -> (state: SyncState, outcomes: [RecordOutcome]) {
        let target = self.target
        let (items, outcomes, stamps, servers) = (batch.items, batch.outcomes, batch.stamps, batch.servers)
        return try await store.transaction { tx in
            var state = state
            var published: [RecordOutcome] = []
            let soup = state.soupName
            var currentRecords: [Int64: JSON] = [:]
            // Written together after the loop: one writer for the batch instead of one per record.
            var updated: [JSON] = []
            var removed: [Int64] = []
            for record in try tx.retrieve(usingSoupEntryIds: items.map(\.entryId), fromSoupNamed: soup) {
                if let entryId = record["_soupEntryId"]?.integerValue { currentRecords[entryId] = record }
            }
            for item in items {
                state.sentCreates[item.entryId] = nil
                let before = (state.recordsSynced, state.recordsFailed, state.recordsConflicted)
                defer {
                    let id = item.read[target.idFieldName]?.stringValue
                    if state.recordsSynced > before.0 {
                        published.append(RecordOutcome(syncId: state.id, soupEntryId: item.entryId, id: id, kind: .synced, message: nil))
                    } else if state.recordsFailed > before.1 || state.recordsConflicted > before.2 {
                        let kind: RecordOutcome.Kind = state.recordsFailed > before.1 ? .failed : .conflicted
                        let message: String? =
                            switch outcomes[item.entryId] {
                            case .failed(let text)?: text
                            case .conflict?, .notFound?: "The record changed on the server since it was last synced."
                            default: if case .invalid(let text) = item.action { text } else { nil }
                            }
                        published.append(RecordOutcome(syncId: state.id, soupEntryId: item.entryId, id: id, kind: kind, message: message))
                    }
                }
                guard let current = currentRecords[item.entryId] else { continue }
                let changedMeanwhile = current["_soupLastModifiedDate"] != item.read["_soupLastModifiedDate"]
                var flags = RecordFlags(current)
                switch (item.action, outcomes[item.entryId]) {
                case (.invalid(let message), _):
                    flags.members[SyncField.lastError] = .string(message)
                    state.recordsFailed += 1
                case (.settle, _):
                    state.recordsSynced += 1
                    if flags.isCreated && flags.isDeleted {
                        removed.append(item.entryId)
                        continue
                    }
                    if !changedMeanwhile { flags.clean() }
                case (_, .deleted?):
                    state.recordsSynced += 1
                    if !changedMeanwhile || flags.isDeleted {
                        removed.append(item.entryId)
                        continue
                    }
                    // Un-deleted meanwhile: it is gone from the server, so it must be created again.
                    flags.set(created: true, updated: false, deleted: false)
                case (_, .created?), (_, .written?):
                    state.recordsSynced += 1
                    if case .created(let id)? = outcomes[item.entryId] { flags.members[target.idFieldName] = .string(id) }
                    let serverID = flags.members[target.idFieldName]?.stringValue ?? ""
                    let stamp = stamps[serverID]
                    if changedMeanwhile {
                        // Keep the app's newer edit to send next time, on top of what the server now has.
                        var base = RecordFlags(item.read).serverFields
                        base[target.idFieldName] = .string(serverID)
                        if let stamp { base[target.modificationDateFieldName] = stamp }
                        flags.members[SyncField.base] = .object(base)
                        flags.set(created: false, updated: true)
                    } else {
                        flags.clean()
                    }
                    if let stamp, !changedMeanwhile { flags.members[target.modificationDateFieldName] = stamp }
                case (_, .conflict?), (_, .notFound?):
                    state.recordsConflicted += 1
                    flags.members[SyncField.conflict] = servers[item.entryId] ?? .null
                    flags.members[SyncField.lastError] = .string(
                        "The record changed on the server since it was last synced; resolve the conflict to send it.")
                case (_, .failed(let message)?):
                    state.recordsFailed += 1
                    flags.members[SyncField.lastError] = .string(message)
                case (_, nil):
                    state.recordsFailed += 1
                    flags.members[SyncField.lastError] = .string("The server gave no answer for this record.")
                }
                flags.members[SoupEntryField.id] = .integer(item.entryId)
                updated.append(flags.record)
            }
            // Entries read in this transaction: upserting by _soupEntryId updates each of them.
            try tx.upsert(entries: updated, forSoupNamed: soup)
            try tx.remove(entryIds: removed, forSoupNamed: soup)
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
}

/// A batch that failed: what of it the server took (written back before the run fails) and why.
private struct UnansweredBatch: Error {
    let taken: AnsweredBatch?
    let error: any Error
}
