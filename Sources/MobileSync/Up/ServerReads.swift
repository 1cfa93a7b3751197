import SalesforceCore
import SalesforceREST

/// What a sync up reads back from the server after writing: the new stamps of the records
/// written, and the server's copy of each conflicted record.
struct ServerReads: Sendable {
    let client: RestClient

    /// The server's modification stamps of the records `ids` holds by object type, by id: one
    /// query per object type (and per few hundred ids).
    func stamps(of ids: [String: [String]], idField: String, stampField: String) async throws -> [String: JSON] {
        var stamps: [String: JSON] = [:]
        for (type, ids) in ids.sorted(by: { $0.key < $1.key }) where !ids.isEmpty {
            for record in try await IdQuery.records(type, fields: [idField, stampField], ids: ids, idField: idField, client: client) {
                if let id = record[idField]?.stringValue { stamps[id] = record[stampField] }
            }
        }
        return stamps
    }

    /// The server's copy of the record, null when it is gone.
    func copy(of objectType: String, id: String) async throws -> JSON {
        let answer: RestResponse
        do {
            answer = try await client.send(client.requests.retrieve(objectType, id: id))
        } catch {
            guard error.status == 404 else { throw error }
            return .null
        }
        return (try? JSON(parsing: answer.data)) ?? .null
    }

    /// The server's copy (null when gone) of each record the server refused as changed (412) or
    /// gone, by `key`: what the write-back keeps in `__conflict__`.
    func conflictCopies<Key: Hashable>(
        of answered: [(key: Key, item: SyncUpItem, outcome: SyncUpOutcome?, idField: String)]
    ) async throws -> [Key: JSON] {
        var copies: [Key: JSON] = [:]
        for (key, item, outcome, idField) in answered {
            switch outcome {
            case .conflict?, .notFound?:
                guard let id = item.read[idField]?.stringValue else { continue }
                copies[key] = try await copy(of: item.objectType, id: id)
            default: continue
            }
        }
        return copies
    }

    /// The ids of the records `outcomes` says were written, by object type: the records whose
    /// new stamps the write-back saves.
    static func writtenIds(_ items: [(item: SyncUpItem, outcome: SyncUpOutcome?)]) -> [String: [String]] {
        var ids: [String: [String]] = [:]
        for (item, outcome) in items {
            switch outcome {
            case .created(let id)?: ids[item.objectType, default: []].append(id)
            case .written?: if case .update(let id, _) = item.action { ids[item.objectType, default: []].append(id) }
            default: break
            }
        }
        return ids
    }
}
