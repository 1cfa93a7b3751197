import Foundation
import SalesforceCore
import SalesforceREST

/// Sends sync up's writes through the target's API and reads each record's outcome.
///
/// Under LEAVE_IF_CHANGED every update and delete carries `If-Unmodified-Since` with the
/// record's base stamp, so the server itself refuses to write over a newer change (412): there
/// is no window between a check and the write. sObject Collections take no such header, so
/// the collection target sends those writes through composite instead, 25 at a time.
struct SyncUpSender: Sendable {
    let client: RestClient
    let target: SyncUpTarget
    let conditional: Bool
    /// The app's writer, for a custom target.
    var custom: (any CustomSyncUpTarget)? = nil

    /// Sends `items` (those with something to send) and returns each one's outcome by entry id.
    /// - Throws: ``PartialSend`` when a whole request fails (the network, the session), with the
    ///   outcomes of the requests that went through before it, so that those records are
    ///   written back (and not sent again, which would create them twice) before the sync fails.
    func send(_ items: [SyncUpItem]) async throws(PartialSend) -> [Int64: SyncUpOutcome] {
        var outcomes: [Int64: SyncUpOutcome] = [:]
        do {
            try await send(items, into: &outcomes)
        } catch {
            throw PartialSend(outcomes: outcomes, failure: error)
        }
        return outcomes
    }

    private func send(_ items: [SyncUpItem], into outcomes: inout [Int64: SyncUpOutcome]) async throws {
        switch target.kind {
        case .singleRecord:
            for item in items { outcomes[item.entryId] = try await sendAlone(item) }
        case .batch:
            try await sendComposites(items.chunks(of: 25), into: &outcomes)
        case .custom:
            guard let custom else { throw SyncError.invalidConfiguration("the custom sync-up target is not registered") }
            try await CustomTargetWriter(target: custom, settings: target, client: client, conditional: conditional)
                .send(items, into: &outcomes)
        case .collection:
            var viaComposite: [SyncUpItem] = []
            var creates: [SyncUpItem] = []
            var upserts: [String: [SyncUpItem]] = [:]
            var updates: [SyncUpItem] = []
            var deletes: [SyncUpItem] = []
            for item in items {
                switch item.action {
                case .create:
                    if item.externalId != nil {
                        upserts[item.objectType, default: []].append(item)
                    } else {
                        creates.append(item)
                    }
                case .update where conditional && item.baseStamp != nil, .delete where conditional && item.baseStamp != nil:
                    viaComposite.append(item)
                case .update: updates.append(item)
                case .delete: deletes.append(item)
                case .settle, .invalid: break
                }
            }
            for chunk in creates.chunks(of: 200) { outcomes.merge(try await sendCollection(chunk)) { $1 } }
            for (_, items) in upserts.sorted(by: { $0.key < $1.key }) {
                for chunk in items.chunks(of: 200) { outcomes.merge(try await sendCollection(chunk, upserting: true)) { $1 } }
            }
            for chunk in updates.chunks(of: 200) { outcomes.merge(try await sendCollection(chunk)) { $1 } }
            for chunk in deletes.chunks(of: 200) { outcomes.merge(try await sendCollection(chunk)) { $1 } }
            try await sendComposites(viaComposite.chunks(of: 25), into: &outcomes)
        }
    }

    /// The request for one record, conditional when it should be.
    private func request(for item: SyncUpItem) -> RestRequest? {
        let requests = client.requests
        let since = conditional ? item.baseStamp : nil
        switch item.action {
        case .create(var fields):
            guard let (field, value) = item.externalId else { return requests.create(item.objectType, fields: .object(fields)) }
            // The external id is in the URL; Salesforce refuses it in the body as well.
            fields[field] = nil
            return requests.upsert(item.objectType, externalIDField: field, externalID: value, fields: .object(fields))
        case .update(let id, let fields): return requests.update(item.objectType, id: id, fields: .object(fields), ifUnmodifiedSince: since)
        case .delete(let id): return requests.delete(item.objectType, id: id, ifUnmodifiedSince: since)
        case .settle, .invalid: return nil
        }
    }

    private func sendAlone(_ item: SyncUpItem) async throws -> SyncUpOutcome {
        guard let request = request(for: item) else { return .written }
        let response: RestResponse
        do {
            response = try await client.send(request)
        } catch {
            guard error.code == .http, let answer = error.response else { throw error }
            return .of(status: answer.status, body: (try? JSON(parsing: answer.body)) ?? .null, for: item.action)
        }
        let body = response.data.isEmpty ? JSON.null : ((try? JSON(parsing: response.data)) ?? .null)
        return .of(status: response.status, body: body, for: item.action)
    }

    /// Composite requests in flight at once: the server parses one while it writes another.
    static let compositesInFlight = 3

    /// Sends the chunks as composite requests, a few at once (their records are distinct, so
    /// their order does not matter), and adds every answered chunk's outcomes to `outcomes`;
    /// when one fails, the others still in flight are awaited and kept before the error goes on.
    private func sendComposites(_ chunks: [[SyncUpItem]], into outcomes: inout [Int64: SyncUpOutcome]) async throws {
        var failure: (any Error)?
        await withTaskGroup(of: Result<[Int64: SyncUpOutcome], any Error>.self) { group in
            var pending = chunks[...]
            func startNext() {
                guard failure == nil, let chunk = pending.popFirst() else { return }
                group.addTask {
                    do {
                        return .success(try await sendComposite(chunk))
                    } catch {
                        return .failure(error)
                    }
                }
            }
            for _ in 0..<Self.compositesInFlight { startNext() }
            for await result in group {
                switch result {
                case .success(let answered): outcomes.merge(answered) { $1 }
                case .failure(let error): failure = failure ?? error
                }
                startNext()
            }
        }
        if let failure { throw failure }
    }

    private func sendComposite(_ items: [SyncUpItem]) async throws -> [Int64: SyncUpOutcome] {
        let byReference = try await compositeOutcomes(items)
        var outcomes: [Int64: SyncUpOutcome] = [:]
        for item in items { outcomes[item.entryId] = byReference[item.referenceId] }
        return outcomes
    }

    /// Sends `items` (at most 25, in the order given) as one composite request, `allOrNone`
    /// false, each under its ``SyncUpItem/referenceId`` (a later item may name an earlier one's
    /// new id as `@{reference.id}`), and returns each sent item's outcome by reference.
    func compositeOutcomes(_ items: [SyncUpItem]) async throws -> [String: SyncUpOutcome] {
        let pairs = items.compactMap { item in request(for: item).map { (referenceID: item.referenceId, request: $0) } }
        guard !pairs.isEmpty else { return [:] }
        let response = try await client.send(client.requests.composite(pairs, allOrNone: false))
        let answers = (try? JSON(parsing: response.data))?["compositeResponse"]?.arrayValue ?? []
        var byReference: [String: JSON] = [:]
        for answer in answers { if let reference = answer["referenceId"]?.stringValue { byReference[reference] = answer } }
        var outcomes: [String: SyncUpOutcome] = [:]
        for item in items where request(for: item) != nil {
            guard let answer = byReference[item.referenceId] else {
                outcomes[item.referenceId] = .failed("The composite answer has no result for this record.")
                continue
            }
            let status = Int(clamping: answer["httpStatusCode"]?.integerValue ?? 0)
            outcomes[item.referenceId] = .of(status: status, body: answer["body"] ?? .null, for: item.action)
        }
        return outcomes
    }

    /// Sends one kind of change for `items` as one sObject Collections request; with
    /// `upserting`, creates of one object type upserted by the target's external id.
    private func sendCollection(_ items: [SyncUpItem], upserting: Bool = false) async throws -> [Int64: SyncUpOutcome] {
        guard let first = items.first else { return [:] }
        let requests = client.requests
        let request: RestRequest
        switch first.action {
        case .create where upserting:
            request = requests.upsertRecords(
                first.objectType, externalIDField: first.externalIdFieldName ?? "",
                records: items.map { item in
                    guard case .create(let fields) = item.action else { return SObjectRecord(item.objectType, fields: [:]) }
                    return SObjectRecord(item.objectType, fields: fields)
                })
        case .create:
            request = requests.createRecords(
                items.map { item in
                    guard case .create(let fields) = item.action else { return SObjectRecord(item.objectType, fields: [:]) }
                    return SObjectRecord(item.objectType, fields: fields)
                })
        case .update:
            request = requests.updateRecords(
                items.map { item in
                    guard case .update(let id, var fields) = item.action else { return SObjectRecord(item.objectType, fields: [:]) }
                    fields["Id"] = .string(id)
                    return SObjectRecord(item.objectType, fields: fields)
                })
        case .delete:
            request = requests.deleteRecords(ids: items.compactMap { if case .delete(let id) = $0.action { id } else { nil } })
        case .settle, .invalid:
            return [:]
        }
        let response = try await client.send(request)
        let results = (try? JSON(parsing: response.data))?.arrayValue ?? []
        var outcomes: [Int64: SyncUpOutcome] = [:]
        for (index, item) in items.enumerated() {
            guard index < results.count else {
                outcomes[item.entryId] = .failed("The collection answer has no result for this record.")
                continue
            }
            let result = results[index]
            if result["success"]?.boolValue == true {
                outcomes[item.entryId] = .of(status: 200, body: result, for: item.action)
            } else {
                let errors = result["errors"] ?? .array([])
                outcomes[item.entryId] = .of(status: 400, body: errors, for: item.action)
            }
        }
        return outcomes
    }
}

/// A send that stopped on a failed request, with what the requests before it answered.
struct PartialSend: Error {
    let outcomes: [Int64: SyncUpOutcome]
    let failure: any Error
}
