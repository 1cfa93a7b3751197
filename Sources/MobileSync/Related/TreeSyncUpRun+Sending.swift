import Foundation
import SalesforceCore
import SalesforceREST
import SmartStore

/// Sending a group of a tree sync up: dependency order, references to new parents, chunks.
extension TreeSyncUpRun {
    /// Sends the items not skipped, in dependency order, 25 subrequests a request: creates and
    /// updates parents first, deletes children first; children of a master-detail parent being
    /// deleted go with it.
    func send(_ answer: inout TreeAnswer, conditional: Bool) async throws {
        let items = answer.items
        var creatorOf: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            if case .create = item.item.action, let id = item.item.read[levels[item.level].object.idFieldName]?.stringValue {
                creatorOf["\(item.level)/\(id)"] = index
            }
        }
        var deleting = Set<String>()
        for item in items {
            if case .delete(let id) = item.item.action { deleting.insert("\(item.level)/\(id)") }
        }
        var writes: [Int] = []
        var deletes: [Int] = []
        for index in items.indices where answer.skipped[index] == nil {
            let item = items[index]
            let object = levels[item.level].object
            if let parent = levels[item.level].parent, object.relationshipType == .masterDetail,
                let parentId = item.item.read[object.parentIdFieldName ?? ""]?.stringValue, deleting.contains("\(parent)/\(parentId)")
            {
                answer.withParentDelete[index] = "\(parent)/\(parentId)"
                continue
            }
            switch item.item.action {
            case .create, .update: writes.append(index)
            case .delete: deletes.append(index)
            case .settle, .invalid: break
            }
        }
        writes.sort { (levels[items[$0].level].ancestors.count, $0) < (levels[items[$1].level].ancestors.count, $1) }
        deletes.sort { (levels[items[$0].level].ancestors.count, $1) > (levels[items[$1].level].ancestors.count, $0) }
        for chunk in (writes + deletes).chunks(of: Self.requestLimit) {
            var pairs: [(referenceID: String, request: RestRequest)] = []
            var sent: [Int] = []
            let inChunk = Set(chunk)
            for index in chunk {
                let item = items[index]
                let object = levels[item.level].object
                var action = item.item.action
                if let field = object.parentIdFieldName, let parentLevel = levels[item.level].parent,
                    let parentId = item.item.read[field]?.stringValue,
                    LocalID.isLocal(parentId) || creatorOf["\(parentLevel)/\(parentId)"] != nil
                {
                    // The parent is new (or made again): referenced in this request, or by the id it
                    // got in an earlier one.
                    let reference: String
                    if let creator = creatorOf["\(parentLevel)/\(parentId)"], inChunk.contains(creator) {
                        reference = "@{\(items[creator].referenceId).id}"
                    } else if let creator = creatorOf["\(parentLevel)/\(parentId)"], case .created(let newId)? = answer.outcomes[creator] {
                        reference = newId
                    } else {
                        let parentType = levels[parentLevel].object.objectType
                        let why = creatorOf["\(parentLevel)/\(parentId)"].flatMap { answer.message(for: $0) }.map { ": \($0)" } ?? ""
                        answer.notSent[index] = "Not sent: its parent \(parentType) \(parentId) was not created\(why)"
                        continue
                    }
                    action = Self.action(action, setting: field, to: reference)
                }
                guard let request = request(for: item, action: action, conditional: conditional) else { continue }
                pairs.append((item.referenceId, request))
                sent.append(index)
            }
            guard !pairs.isEmpty else { continue }
            let response = try await client.send(client.requests.composite(pairs, allOrNone: false))
            var byReference: [String: JSON] = [:]
            for result in (try? JSON(parsing: response.data))?["compositeResponse"]?.arrayValue ?? [] {
                if let reference = result["referenceId"]?.stringValue { byReference[reference] = result }
            }
            for index in sent {
                let item = items[index]
                guard let result = byReference[item.referenceId] else {
                    answer.outcomes[index] = .failed("The composite answer has no result for this record.")
                    continue
                }
                let status = Int(clamping: result["httpStatusCode"]?.integerValue ?? 0)
                answer.outcomes[index] = .of(status: status, body: result["body"] ?? .null, for: item.item.action)
            }
            // A child whose new parent failed in the same request failed because of it: say so.
            for index in sent {
                let item = items[index]
                guard case .failed? = answer.outcomes[index], let field = levels[item.level].object.parentIdFieldName,
                    let parentLevel = levels[item.level].parent, let parentId = item.item.read[field]?.stringValue,
                    let creator = creatorOf["\(parentLevel)/\(parentId)"], inChunk.contains(creator),
                    case .failed(let parentMessage)? = answer.outcomes[creator]
                else { continue }
                answer.outcomes[index] = .failed(
                    "Not created: its parent \(levels[parentLevel].object.objectType) \(parentId) failed: \(parentMessage)")
            }
        }
    }

    private static func action(_ action: SyncUpItem.Action, setting field: String, to value: String) -> SyncUpItem.Action {
        switch action {
        case .create(var fields):
            fields[field] = .string(value)
            return .create(fields)
        case .update(let id, var fields):
            fields[field] = .string(value)
            return .update(id: id, fields: fields)
        default: return action
        }
    }

    private func request(for item: TreeItem, action: SyncUpItem.Action, conditional: Bool) -> RestRequest? {
        let requests = client.requests
        let since = conditional ? item.item.baseStamp : nil
        switch action {
        case .create(var fields):
            let object = levels[item.level].object
            // A child is created under its parent even when the field lists leave the parent field out.
            if let field = object.parentIdFieldName, fields[field] == nil, let parent = item.item.read[field] { fields[field] = parent }
            return requests.create(item.item.objectType, fields: .object(fields))
        case .update(let id, let fields):
            return requests.update(item.item.objectType, id: id, fields: .object(fields), ifUnmodifiedSince: since)
        case .delete(let id): return requests.delete(item.item.objectType, id: id, ifUnmodifiedSince: since)
        case .settle, .invalid: return nil
        }
    }

    /// The server's new stamps of the records written, one query per object.
    func freshStamps(_ answer: TreeAnswer) async throws -> [String: JSON] {
        var idsByLevel: [Int: [String]] = [:]
        for (index, item) in answer.items.enumerated() {
            switch answer.outcomes[index] {
            case .created(let id): idsByLevel[item.level, default: []].append(id)
            case .written:
                if case .update(let id, _) = item.item.action { idsByLevel[item.level, default: []].append(id) }
            default: break
            }
        }
        var stamps: [String: JSON] = [:]
        for (level, ids) in idsByLevel {
            let object = levels[level].object
            let records = try await IdQuery.records(
                object.objectType, fields: [object.idFieldName, object.modificationDateFieldName], ids: ids, idField: object.idFieldName,
                client: client)
            for record in records {
                if let id = record[object.idFieldName]?.stringValue { stamps[id] = record[object.modificationDateFieldName] }
            }
        }
        return stamps
    }
}
